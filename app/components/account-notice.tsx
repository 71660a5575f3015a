import { useTranslation } from "~/i18n/translation-context";
import { useSearchParams } from "react-router";
import { FormMessage } from "./form-message";

/** Where the account page sends a member after deleting their account (home, ?account=deleted): the confirmation. */
export function AccountNotice() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  if (searchParams.get("account") !== "deleted") return null;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4">
      <FormMessage tone="success">{t("account.delete.done")}</FormMessage>
    </div>
  );
}
