import type { Page } from "@playwright/test";

export const DEMO_PASSWORD = "Parcours2026";
export const DEMO_ADMIN = "admin@parcours.local";
export const DEMO_MEMBER = "tom@demo.parcours.local";

let signIns = 0;

/**
 * A client address of its own for each sign-in (RFC 2544's benchmarking range, through the e2e server's trusted
 * proxy header, playwright.config.ts): the suite signs members in far more often than one address may in five
 * minutes (docs/rules/accounts.md#write-allowances: 150), as a site's many members do from their many addresses. The
 * tests of that limit pose as addresses of their own.
 */
function nextSignInAddress(): string {
  signIns += 1;
  return `198.18.${Math.floor(signIns / 250) % 250}.${(signIns % 250) + 1}`;
}

/**
 * Signs an account in through better-auth's endpoint, as the login page
 * will: the session cookie lands in the page's browser context. The Origin
 * header is the site's own, which better-auth's origin check requires.
 */
export async function signIn(page: Page, baseURL: string, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { origin: new URL(baseURL).origin, "x-real-ip": nextSignInAddress() },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}
