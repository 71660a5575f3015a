import { describe, expect, it } from "vitest";
import { checkContactForm, contactMailto } from "~/domain/contact";

const valid = { name: "Marie", email: "marie@example.com", subject: "Une idée", message: "Bonjour !" };
const typed = { name: valid.name, email: valid.email, subject: valid.subject, body: valid.message };

describe("contact form (docs/rules/contact-and-terms.md#contact-form)", () => {
  it("requires name, a valid email, subject and message", () => {
    const result = checkContactForm({ name: " ", email: "pas-un-email", subject: "", body: "" });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: [{ key: "contact.nameRequired" }],
        email: [{ key: "contact.emailInvalid" }],
        subject: [{ key: "contact.subjectRequired" }],
        body: [{ key: "contact.messageRequired" }],
      },
    });
  });

  it("accepts a complete message, trimmed", () => {
    expect(checkContactForm({ ...typed, name: "  Marie " })).toEqual({ ok: true, data: valid });
  });

  it("builds a mailto link with subject and body, spaces encoded for mail clients", () => {
    const href = contactMailto("contact@parcours.example", valid, "Nom : Marie\n\nBonjour & merci");
    expect(href).toBe(
      "mailto:contact@parcours.example?subject=Une%20id%C3%A9e&body=Nom%20%3A%20Marie%0A%0ABonjour%20%26%20merci",
    );
  });
});
