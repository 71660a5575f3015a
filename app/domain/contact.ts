import { FormReader, required, type FormCheck, type FormValues } from "./form-values";
import { email } from "./text-rules";

/**
 * Contact form (docs/rules/contact-and-terms.md#contact-form); messages are i18n keys, translated where shown.
 * The message's field is named "body", the name mail clients read from a
 * mailto form sent without JavaScript.
 */
export type ContactField = "name" | "email" | "subject" | "body";
export type ContactMessage = { name: string; email: string; subject: string; message: string };

export function checkContactForm(values: FormValues): FormCheck<ContactField, ContactMessage> {
  const form = new FormReader<ContactField>(values);
  const name = form.text("name", [required("contact.nameRequired")]);
  const address = form.text("email", [email("contact.emailInvalid")]);
  const subject = form.text("subject", [required("contact.subjectRequired")]);
  const message = form.text("body", [required("contact.messageRequired")]);
  return form.result({ name, email: address, subject, message });
}

/** The mailto link that carries the message to the visitor's mail client (no server call). */
export function contactMailto(to: string, message: ContactMessage, body: string): string {
  const query = new URLSearchParams({ subject: message.subject, body }).toString().replace(/\+/g, "%20");
  return `mailto:${to}?${query}`;
}
