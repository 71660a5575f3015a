import { useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { Field } from "~/components/field";
import { titledMeta } from "~/components/page-meta";
import { useRootData } from "~/components/root-data";
import type { ContactField } from "~/domain/contact";
import type { Route } from "./+types/contact";

// The form's rules (Zod) are loaded when the visitor starts using the form, not
// with the page: they are a third of the page's own JavaScript.
type ContactRules = typeof import("~/domain/contact");
let contactRules: ContactRules | null = null;
let loadingContactRules: Promise<ContactRules> | null = null;
function loadContactRules(): Promise<ContactRules> {
  loadingContactRules ??= import("~/domain/contact").then((rules) => (contactRules = rules));
  return loadingContactRules;
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("contact.title"));
}

/**
 * The contact form opens the visitor's mail client (community §2): nothing is
 * sent to our server. Without JavaScript the form itself targets the mailto
 * address, with the message in the "body" field mail clients understand.
 */
export default function Contact() {
  const { t } = useTranslation();
  const { contactEmail } = useRootData();
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [outcome, setOutcome] = useState<{ mailto: string } | "failed" | null>(null);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      subject: String(form.get("subject") ?? ""),
      message: String(form.get("body") ?? ""),
    };
    // Loaded on focus in practice; a submit without any focus first waits for the rules.
    if (contactRules) send(contactRules, values);
    else loadContactRules().then((rules) => send(rules, values), () => setOutcome("failed"));
  }

  function send({ validateContact, contactMailto }: ContactRules, values: Record<ContactField, string>) {
    const result = validateContact(values);
    if (!result.ok) {
      setErrors(result.errors);
      setOutcome(null);
      return;
    }
    setErrors({});
    try {
      const body = t("contact.mailBody", { name: result.message.name, email: result.message.email, message: result.message.message });
      const mailto = contactMailto(contactEmail, result.message, body);
      window.location.href = mailto;
      setOutcome({ mailto });
    } catch {
      setOutcome("failed");
    }
  }

  const error = (field: ContactField) => (errors[field] ? [t(errors[field] as "contact.nameRequired")] : null);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t("contact.title")}</h1>
      <p className="mt-3 text-stone-700">{t("contact.intro")}</p>
      <p className="mt-1 text-stone-700">{t("contact.responseTime")}</p>
      <form
        method="get"
        action={`mailto:${contactEmail}`}
        noValidate
        onSubmit={onSubmit}
        onFocus={() => void loadContactRules()}
        onPointerDown={() => void loadContactRules()}
        className="mt-8 space-y-5"
      >
        <Field label={t("contact.name")} name="name" autoComplete="name" required errors={error("name")} />
        <Field label={t("contact.email")} name="email" type="email" autoComplete="email" required errors={error("email")} />
        <Field label={t("contact.subject")} name="subject" required errors={error("subject")} />
        <Field label={t("contact.message")} name="body" multiline required errors={error("message")} />
        <button type="submit" className="rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800">
          {t("contact.submit")}
        </button>
        <div role="status" aria-live="polite">
          {outcome !== null && outcome !== "failed" ? (
            <p className="rounded-lg bg-teal-50 p-3 text-teal-900">
              {t("contact.success")}{" "}
              {/* In case the browser did not hand the link over (no mail client, blocked navigation). */}
              <a href={outcome.mailto} className="font-semibold underline">
                {t("contact.openMailClient")}
              </a>
            </p>
          ) : null}
          {outcome === "failed" ? <p className="rounded-lg bg-red-50 p-3 text-red-800">{t("contact.error")}</p> : null}
        </div>
      </form>
    </section>
  );
}
