import * as z from "zod/mini";
import { isValidEmail } from "./email";

const requiredText = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** Contact form (community §5); messages are i18n keys, translated where shown. */
export const contactSchema = z.object({
  name: requiredText("contact.nameRequired"),
  email: z.string().check(z.trim(), z.refine(isValidEmail, "contact.emailInvalid")),
  subject: requiredText("contact.subjectRequired"),
  message: requiredText("contact.messageRequired"),
});

export type ContactMessage = z.infer<typeof contactSchema>;
export type ContactField = keyof ContactMessage;

/** Field → first error key, for a form's values. */
export function validateContact(values: Record<ContactField, string>):
  | { ok: true; message: ContactMessage }
  | { ok: false; errors: Partial<Record<ContactField, string>> } {
  const parsed = contactSchema.safeParse(values);
  if (parsed.success) return { ok: true, message: parsed.data };
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The mailto link that carries the message to the visitor's mail client (no server call). */
export function contactMailto(to: string, message: ContactMessage, body: string): string {
  const query = new URLSearchParams({ subject: message.subject, body }).toString().replace(/\+/g, "%20");
  return `mailto:${to}?${query}`;
}
