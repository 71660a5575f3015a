import { describe, expect, it } from "vitest";
import { contactMailto, validateContact } from "~/domain/contact";

const valid = { name: "Marie", email: "marie@example.com", subject: "Une idée", message: "Bonjour !" };

describe("contact form (community §5)", () => {
  it("requires name, a valid email, subject and message", () => {
    const result = validateContact({ name: " ", email: "pas-un-email", subject: "", message: "" });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "contact.nameRequired",
        email: "contact.emailInvalid",
        subject: "contact.subjectRequired",
        message: "contact.messageRequired",
      },
    });
  });

  it("accepts a complete message, trimmed", () => {
    expect(validateContact({ ...valid, name: "  Marie " })).toEqual({ ok: true, message: valid });
  });

  it("builds a mailto link with subject and body, spaces encoded for mail clients", () => {
    const href = contactMailto("contact@parcours.example", valid, "Nom : Marie\n\nBonjour & merci");
    expect(href).toBe(
      "mailto:contact@parcours.example?subject=Une%20id%C3%A9e&body=Nom%20%3A%20Marie%0A%0ABonjour%20%26%20merci",
    );
  });
});
