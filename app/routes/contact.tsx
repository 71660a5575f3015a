import { routeErrorBoundary } from "~/components/route-error-boundary";
import { useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { Field } from "~/components/field";
import { titledMeta } from "~/components/page-meta";
import { useRootData } from "~/components/root-data";
import { rulesOnDemand, useFormCheck } from "~/components/use-form-check";
import type { ContactMessage } from "~/domain/contact";
import type { Route } from "./+types/contact";
import { routeMessages } from "~/i18n/route-messages";
import { requestLanguage } from "~/server/language";

// The form's rules are loaded when the visitor starts using the form, not with the page.
const contactRules = rulesOnDemand(() => import("~/domain/contact"));

export function loader({ request }: Route.LoaderArgs) {
  return { messages: routeMessages(requestLanguage(request), ["contact", "contribute.errors"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("contact.title"));
}

/**
 * The contact form opens the visitor's mail client (docs/rules/contact-and-terms.md#contact-form): nothing is
 * sent to our server. Without JavaScript the form itself targets the mailto
 * address, with the message in the "body" field mail clients understand.
 */
export default function Contact() {
  const { t } = useTranslation();
  const { contactEmail } = useRootData();
  const [outcome, setOutcome] = useState<{ mailto: string } | "failed" | null>(null);
  const { onSubmit, messages } = useFormCheck(
    (values) => {
      setOutcome(null);
      // Loaded on focus in practice; a submit without any focus first waits for the rules.
      const rules = contactRules.loaded();
      if (rules) return rules.checkContactForm(values);
      return contactRules.whenLoaded().then(
        (loaded) => loaded.checkContactForm(values),
        () => {
          setOutcome("failed");
          return { ok: false, errors: {} };
        },
      );
    },
    null,
    { onValid: send },
  );

  function send(message: ContactMessage) {
    try {
      const body = t("contact.mailBody", { name: message.name, email: message.email, message: message.message });
      const mailto = contactRules.loaded()!.contactMailto(contactEmail, message, body);
      window.location.href = mailto;
      setOutcome({ mailto });
    } catch {
      setOutcome("failed");
    }
  }

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
        onFocus={contactRules.preload}
        onPointerDown={contactRules.preload}
        className="mt-8 space-y-5"
      >
        <Field label={t("contact.name")} name="name" autoComplete="name" required errors={messages("name")} />
        <Field label={t("contact.email")} name="email" type="email" autoComplete="email" required errors={messages("email")} />
        <Field label={t("contact.subject")} name="subject" required errors={messages("subject")} />
        <Field label={t("contact.message")} name="body" multiline required errors={messages("body")} />
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

export const ErrorBoundary = routeErrorBoundary();
