import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/**
 * Every test fails on a console error or a Content-Security-Policy violation
 * (which Chromium reports on the console), and can run axe on the page.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        // Chromium logs every 4xx answer (a 404 page, a refused login's 401); those statuses are
        // asserted by the tests themselves. Script errors and CSP violations are not filtered.
        if (message.type() === "error" && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) {
          errors.push(message.text());
        }
      });
      page.on("pageerror", (error) => errors.push(String(error)));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Runs axe (WCAG 2.1 A and AA) on the page as it is and expects no violation. */
export async function expectAccessible(page: Page) {
  // page.evaluate runs through the DevTools protocol, so the page's CSP does not block it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations.map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target) }));
  });
  expect(violations).toEqual([]);
}

/**
 * Waits until React has hydrated the page, so clicks reach its handlers: the
 * route modules are in, the lazy members' chunks have arrived (network idle),
 * and the main thread has gone idle, i.e. React has hydrated what they hold.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules !== undefined);
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })));
}
