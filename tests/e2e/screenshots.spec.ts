import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { test, waitForHydration } from "./support/fixtures";
import { signIn } from "./support/sign-in";

/**
 * The site's main pages photographed at a phone's and a desktop's size, to compare a change's before and
 * after. Not part of the suite (playwright.config.ts leaves it out unless SCREENSHOTS is set): SCREENSHOTS
 * names the folder to write, docs/screenshots/<SCREENSHOTS>/<page>-<width>.png:
 *
 *   npx react-router build && SCREENSHOTS=after npx playwright test tests/e2e/screenshots.spec.ts
 *
 * Each picture is the first screen a reader sees (the viewport, not the whole page). The duels and the
 * profile are a member's pages: they are taken signed in as Marie_Coaster, a demo member with many ratings.
 */
const folder = process.env.SCREENSHOTS;
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const PAGES = [
  { name: "home", path: "/fr", member: false },
  { name: "park", path: "/fr/parc-asterix", member: false },
  { name: "ride", path: "/fr/europa-park/silver-star", member: false },
  { name: "rankings", path: "/fr/rankings", member: false },
  { name: "map", path: "/fr/map", member: false },
  { name: "duels", path: "/fr/duels", member: true },
  { name: "profile", path: "/fr/profile", member: true },
] as const;


async function photograph(browser: Browser, baseURL: string, member: boolean) {
  const directory = path.join("docs/screenshots", folder!);
  mkdirSync(directory, { recursive: true });
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: size, locale: "fr-FR", serviceWorkers: "block" });
    const page = await context.newPage();
    if (member) await signIn(page, baseURL, "marie@demo.parcours.local");
    for (const shot of PAGES.filter((candidate) => candidate.member === member)) {
      await page.goto(shot.path);
      await waitForHydration(page);
      await page.screenshot({ path: path.join(directory, `${shot.name}-${size.width}.png`), animations: "disabled" });
    }
    await context.close();
  }
}

test("screenshots of the visitors' pages", async ({ browser, baseURL }) => {
  await photograph(browser, baseURL!, false);
});

test("screenshots of a member's pages", async ({ browser, baseURL }) => {
  await photograph(browser, baseURL!, true);
});
