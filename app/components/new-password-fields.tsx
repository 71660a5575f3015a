import { useState } from "react";
import { Field } from "./field";
import { PasswordChecklist } from "./password-checklist";

/** A new password with its live checklist (docs/rules/accounts.md#password-rules), then its confirmation: sign-up and the account page. */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  passwordErrors,
  confirmErrors,
}: {
  passwordLabel: string;
  confirmLabel: string;
  passwordErrors: readonly string[] | null | undefined;
  confirmErrors: readonly string[] | null | undefined;
}) {
  const [password, setPassword] = useState("");
  return (
    <>
      <Field
        label={passwordLabel}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        onChange={(event) => setPassword(event.currentTarget.value)}
        errors={passwordErrors}
        description={<PasswordChecklist password={password} />}
      />
      <Field label={confirmLabel} name="confirmPassword" type="password" autoComplete="new-password" required errors={confirmErrors} />
    </>
  );
}
