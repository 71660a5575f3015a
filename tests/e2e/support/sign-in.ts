import type { Page } from "@playwright/test";

export const DEMO_PASSWORD = "Parcours2026";
export const DEMO_ADMIN = "admin@parcours.local";
export const DEMO_MEMBER = "tom@demo.parcours.local";

/**
 * Signs an account in through better-auth's endpoint, as the login page
 * will: the session cookie lands in the page's browser context. The Origin
 * header is the site's own, which better-auth's origin check requires.
 */
export async function signIn(page: Page, baseURL: string, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { origin: new URL(baseURL).origin },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}
