import { describe, expect, it } from "vitest";
import { PASSWORD_CHECKS } from "~/domain/account-limits";
import {
  newPasswordSchema,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
  usernameCandidate,
  usernameSchema,
  validate,
} from "~/domain/account-rules";
import fr from "~/i18n/locales/fr";

const good = { username: "Coaster_Fan-42", email: "fan@example.com", password: "Looping2026", confirmPassword: "Looping2026" };
const messageOf = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], fr) as string;

describe("username (public site §5)", () => {
  it.each([
    ["ab", "Le nom d'utilisateur doit contenir au moins 3 caractères"],
    ["a".repeat(21), "Le nom d'utilisateur ne peut pas dépasser 20 caractères"],
    ["avec espace", "Le nom d'utilisateur ne peut contenir que des lettres, chiffres, tirets et underscores"],
    ["accentué", "Le nom d'utilisateur ne peut contenir que des lettres, chiffres, tirets et underscores"],
  ])("%s → %s", (username, message) => {
    const result = validate(usernameSchema, username);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.form!.map(messageOf)).toContain(message);
  });

  it("accepts 3 to 20 letters, digits, hyphens and underscores", () => {
    for (const username of ["abc", "a".repeat(20), "Coaster_Fan-42"]) expect(validate(usernameSchema, username).ok).toBe(true);
  });

  it("has the taken message verbatim", () => {
    expect(fr.auth.errors.usernameTaken).toBe("Ce nom d'utilisateur est déjà pris");
  });
});

describe("password (public site §5)", () => {
  it.each([
    ["Court1", "Le mot de passe doit contenir au moins 8 caractères"],
    ["minuscule1", "Le mot de passe doit contenir au moins une majuscule"],
    ["MAJUSCULE1", "Le mot de passe doit contenir au moins une minuscule"],
    ["SansChiffre", "Le mot de passe doit contenir au moins un chiffre"],
  ])("%s → %s", (password, message) => {
    const result = validate(signUpSchema, { ...good, password, confirmPassword: password });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.password!.map(messageOf)).toContain(message);
  });

  it("drives the live checklist item by item", () => {
    expect(PASSWORD_CHECKS.map((check) => check.test("abc"))).toEqual([false, false, true, false]);
    expect(PASSWORD_CHECKS.map((check) => check.test("Looping2026"))).toEqual([true, true, true, true]);
  });

  it("must match its confirmation", () => {
    const result = validate(signUpSchema, { ...good, confirmPassword: "Looping2027" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.confirmPassword!.map(messageOf)).toEqual(["Les mots de passe ne correspondent pas"]);
    expect(validate(newPasswordSchema, { password: "Looping2026", confirmPassword: "x" }).ok).toBe(false);
  });
});

describe("e-mail (public site §5)", () => {
  it("must look like an address, with the form's own message", () => {
    const signUp = validate(signUpSchema, { ...good, email: "pas-une-adresse" });
    if (signUp.ok) throw new Error("accepted");
    expect(signUp.errors.email!.map(messageOf)).toEqual(["Adresse email invalide"]);
    const reset = validate(resetRequestSchema, { email: "x@" });
    if (reset.ok) throw new Error("accepted");
    expect(reset.errors.email!.map(messageOf)).toEqual(["Veuillez entrer une adresse email valide"]);
  });

  it("accepts a complete sign-up and sign-in", () => {
    expect(validate(signUpSchema, good)).toEqual({ ok: true, data: good });
    expect(validate(signInSchema, { email: " fan@example.com ", password: "x" })).toEqual({
      ok: true,
      data: { email: "fan@example.com", password: "x" },
    });
  });
});

describe("username candidates for accounts created through Google", () => {
  it.each([
    ["Jean-Édouard Dupont", "Jean-Edouard_Dup"],
    ["李", "membre_"],
    ["Al", "membre_Al"],
  ])("%s → %s", (name, candidate) => {
    expect(usernameCandidate(name)).toBe(candidate);
    expect(validate(usernameSchema, candidate.length >= 3 ? candidate : `${candidate}1`).ok).toBe(true);
  });
});
