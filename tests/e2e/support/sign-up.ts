import crypto from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "./fixtures";

export const FRESH_PASSWORD = "Looping2026";

/**
 * Creates a brand-new member through the sign-up page (captcha included) and
 * leaves them signed in: for tests whose figures must start from zero.
 */
export async function signUpFreshMember(page: Page): Promise<{ username: string; email: string }> {
  const suffix = crypto.randomBytes(4).toString("hex");
  const username = `Fan_${suffix}`;
  const email = `fan.${suffix}@example.com`;
  await page.goto("/fr/signup");
  await waitForHydration(page);
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(FRESH_PASSWORD);
  await page.getByLabel("Confirmer le mot de passe").fill(FRESH_PASSWORD);
  // The ALTCHA widget solves its proof of work as soon as the form is in use.
  await expect(page.locator('input[name="altcha"]')).not.toHaveValue("", { timeout: 30_000 });
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/fr\/$/);
  return { username, email };
}
