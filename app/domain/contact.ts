import { z } from "zod";
import { isValidEmail } from "./email";

/** Contact form (community §5); messages are i18n keys, translated where shown. */
export const contactSchema = z.object({
  name: z.string().trim().min(1, "contact.nameRequired"),
  email: z.string().trim().refine(isValidEmail, "contact.emailInvalid"),
  subject: z.string().trim().min(1, "contact.subjectRequired"),
  message: z.string().trim().min(1, "contact.messageRequired"),
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
