import { describe, expect, it } from "vitest";
import { PASSWORD_CHECKS } from "~/domain/account-limits";
import {
  checkChangeUsernameForm,
  checkNewPasswordForm,
  checkResetRequestForm,
  checkSignInForm,
  checkSignUpForm,
  usernameCandidate,
} from "~/domain/account-rules";
import type { FieldMessage } from "~/domain/form-values";
import fr from "~/i18n/locales/fr";

const good = { username: "Coaster_Fan-42", email: "fan@example.com", password: "Looping2026", confirmPassword: "Looping2026", altcha: "proof" };
const messageOf = (message: FieldMessage) => message.key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], fr) as string;
const checkUsername = (username: string) => checkChangeUsernameForm({ username });

describe("username (docs/rules/accounts.md#username-rules)", () => {
  it.each([
    ["ab", "Le nom d'utilisateur doit contenir au moins 3 caractères"],
    ["a".repeat(21), "Le nom d'utilisateur ne peut pas dépasser 20 caractères"],
    ["avec espace", "Le nom d'utilisateur ne peut contenir que des lettres, chiffres, tirets et underscores"],
    ["accentué", "Le nom d'utilisateur ne peut contenir que des lettres, chiffres, tirets et underscores"],
  ])("%s → %s", (username, message) => {
    const result = checkUsername(username);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.username!.map(messageOf)).toContain(message);
  });

  it("accepts 3 to 20 letters, digits, hyphens and underscores", () => {
    for (const username of ["abc", "a".repeat(20), "Coaster_Fan-42"]) expect(checkUsername(username).ok).toBe(true);
  });

  it("has the taken message verbatim", () => {
    expect(fr.auth.errors.usernameTaken).toBe("Ce nom d'utilisateur est déjà pris");
  });
});

describe("password (docs/rules/accounts.md#password-rules)", () => {
  it.each([
    ["Court1", "Le mot de passe doit contenir au moins 8 caractères"],
    ["minuscule1", "Le mot de passe doit contenir au moins une majuscule"],
    ["MAJUSCULE1", "Le mot de passe doit contenir au moins une minuscule"],
    ["SansChiffre", "Le mot de passe doit contenir au moins un chiffre"],
  ])("%s → %s", (password, message) => {
    const result = checkSignUpForm({ ...good, password, confirmPassword: password });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.password!.map(messageOf)).toContain(message);
  });

  it("drives the live checklist item by item", () => {
    expect(PASSWORD_CHECKS.map((check) => check.test("abc"))).toEqual([false, false, true, false]);
    expect(PASSWORD_CHECKS.map((check) => check.test("Looping2026"))).toEqual([true, true, true, true]);
  });

  it("must match its confirmation", () => {
    const result = checkSignUpForm({ ...good, confirmPassword: "Looping2027" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.confirmPassword!.map(messageOf)).toEqual(["Les mots de passe ne correspondent pas"]);
    expect(checkNewPasswordForm({ password: "Looping2026", confirmPassword: "x" }).ok).toBe(false);
  });
});

describe("e-mail (docs/rules/accounts.md#e-mail-rules)", () => {
  it("must look like an address, with the form's own message", () => {
    const signUp = checkSignUpForm({ ...good, email: "pas-une-adresse" });
    if (signUp.ok) throw new Error("accepted");
    expect(signUp.errors.email!.map(messageOf)).toEqual(["Adresse email invalide"]);
    const reset = checkResetRequestForm({ email: "x@" });
    if (reset.ok) throw new Error("accepted");
    expect(reset.errors.email!.map(messageOf)).toEqual(["Veuillez entrer une adresse email valide"]);
  });

  it("accepts a complete sign-up and sign-in", () => {
    expect(checkSignUpForm(good)).toEqual({ ok: true, data: { username: "Coaster_Fan-42", email: "fan@example.com", password: "Looping2026" } });
    expect(checkSignInForm({ email: " fan@example.com ", password: "x" })).toEqual({
      ok: true,
      data: { email: "fan@example.com", password: "x" },
    });
  });
});

describe("sign-up form as a whole", () => {
  it("reports every broken rule of every field at once, the captcha too", () => {
    const result = checkSignUpForm({ username: "a b", email: " x ", password: "abc", confirmPassword: "abd" });
    expect(result).toEqual({
      ok: false,
      errors: {
        username: [{ key: "auth.errors.usernameCharacters" }],
        email: [{ key: "auth.errors.emailInvalid" }],
        password: [{ key: "auth.errors.passwordLength" }, { key: "auth.errors.passwordUppercase" }, { key: "auth.errors.passwordDigit" }],
        confirmPassword: [{ key: "auth.errors.passwordMismatch" }],
        captcha: [{ key: "auth.errors.captchaRequired" }],
      },
    });
  });

  it("trims the username and the address, never the password", () => {
    const result = checkSignUpForm({ ...good, username: " Coaster_Fan-42 ", email: " fan@example.com ", password: " Looping2026", confirmPassword: " Looping2026" });
    expect(result).toEqual({ ok: true, data: { username: "Coaster_Fan-42", email: "fan@example.com", password: " Looping2026" } });
  });
});

describe("username candidates for accounts created through Google", () => {
  it.each([
    ["Jean-Édouard Dupont", "Jean-Edouard_Dup"],
    ["李", "membre_"],
    ["Al", "membre_Al"],
  ])("%s → %s", (name, candidate) => {
    expect(usernameCandidate(name)).toBe(candidate);
    expect(checkUsername(candidate.length >= 3 ? candidate : `${candidate}1`).ok).toBe(true);
  });
});
