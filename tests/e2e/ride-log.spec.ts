import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";

const RIDE = "/fr/europa-park/silver-star";
const summary = (page: Page) => page.getByText(/^Vous l'avez faite/);
const logStatus = (page: Page) => page.getByRole("region", { name: "Mon carnet" }).getByRole("status");
/** Chromium's report of the requests that found no network while the test had it cut. */
const OFFLINE_FAILURE = /net::ERR_INTERNET_DISCONNECTED/;

/** Opens 'J'ai fait cette attraction', fills the form and saves it. */
async function logRide(page: Page, fields: { date?: string; unknownDate?: boolean; times?: string; note?: string }) {
  await page.getByRole("button", { name: "J'ai fait cette attraction : Silver Star" }).click();
  const form = page.locator("form", { has: page.getByLabel("Nombre de tours") });
  if (fields.unknownDate) await form.getByLabel("Date inconnue").check();
  else if (fields.date) await form.getByLabel("Date", { exact: true }).fill(fields.date);
  if (fields.times) await form.getByLabel("Nombre de tours").fill(fields.times);
  if (fields.note) await form.getByLabel("Note (facultative)").fill(fields.note);
  await form.getByRole("button", { name: "Enregistrer" }).click();
}

test.describe("ride log on a ride's page (docs/rules/ride-log.md)", () => {
  test("a member logs, edits and deletes rides, wishes one, at phone width; a visitor sees none of it", async ({ page, signInAsNewMember }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(RIDE);
    await expect(page.getByRole("button", { name: /J'ai fait cette attraction/ })).toHaveCount(0);
    await signInAsNewMember();
    await page.goto(RIDE);
    await waitForHydration(page);
    const wish = page.getByRole("button", { name: "Je veux la faire : Silver Star" });
    await expect(wish).toHaveAttribute("aria-pressed", "false");
    await wish.click();
    await expect(wish).toHaveAttribute("aria-pressed", "true");
    await expect(wish).toHaveText("Dans mes envies");

    await logRide(page, { date: "2025-08-02", times: "2", note: "Premier rang" });
    await expect(summary(page)).toHaveText("Vous l'avez faite 2 fois, la dernière le 2 août 2025.");
    // A ride logged leaves the wish list.
    await expect(wish).toHaveAttribute("aria-pressed", "false");
    await logRide(page, { date: "2026-07-14" });
    await expect(summary(page)).toHaveText("Vous l'avez faite 3 fois, la dernière le 14 juillet 2026.");
    // The form refuses what the server would, before sending it.
    await page.getByRole("button", { name: "J'ai fait cette attraction : Silver Star" }).click();
    await page.getByLabel("Nombre de tours").fill("100");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Le nombre de tours doit être entre 1 et 99.")).toBeVisible();
    await page.getByRole("button", { name: "Annuler" }).click();
    await logRide(page, { unknownDate: true });
    await expect(summary(page)).toHaveText("Vous l'avez faite 4 fois, la dernière le 14 juillet 2026.");
    await page.getByText("Vos passages (3)").click();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole("button", { name: "Modifier le passage du 2 août 2025" }).click();
    await page.getByLabel("Nombre de tours").fill("5");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(summary(page)).toHaveText("Vous l'avez faite 7 fois, la dernière le 14 juillet 2026.");
    await page.getByRole("button", { name: "Supprimer le passage du 14 juillet 2026" }).click();
    await expect(summary(page)).toHaveText("Vous l'avez faite 6 fois, la dernière le 2 août 2025.");
    // The summary shows a write at once; the status, once the server has answered it.
    await expect(logStatus(page)).toHaveText("Passage supprimé");

    // What the server kept, read again.
    await page.reload();
    await expect(summary(page)).toHaveText("Vous l'avez faite 6 fois, la dernière le 2 août 2025.");
    await expect(page.getByText("Vos passages (2)")).toBeVisible();
  });

  test("a ride logged offline waits on the device and arrives when the network returns", async ({ page, context, signInAsNewMember, consoleErrors }) => {
    await signInAsNewMember();
    await page.goto(RIDE);
    await waitForHydration(page);
    await context.setOffline(true);
    await logRide(page, { date: "2026-06-01" });
    // Shown at once, marked as waiting.
    await expect(summary(page)).toHaveText("Vous l'avez faite 1 fois, la dernière le 1 juin 2026.");
    await expect(logStatus(page)).toContainText("Hors ligne : le passage sera envoyé au retour du réseau.");
    await context.setOffline(false);
    await expect(page.getByText("Hors ligne : le passage sera envoyé au retour du réseau.")).toHaveCount(0);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !OFFLINE_FAILURE.test(error)));
    await page.reload();
    await expect(summary(page)).toHaveText("Vous l'avez faite 1 fois, la dernière le 1 juin 2026.");
  });

  test("a delete whose answer was lost is sent again and answered with the log as the server holds it", async ({ page, signInAsNewMember, consoleErrors }) => {
    await signInAsNewMember();
    await page.goto(RIDE);
    await waitForHydration(page);
    for (const date of ["2026-05-01", "2026-06-01"]) {
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/ride-log");
      await logRide(page, { date });
      await answered;
    }
    // The first delete reaches the server, which deletes the entry, but its answer is lost on the way back: the
    // outbox keeps the write and sends it again.
    let lost = false;
    await page.route("**/api/ride-log", async (route) => {
      if (lost || !route.request().postData()?.includes('"intent":"delete"')) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort("internetdisconnected");
    });
    await page.getByText("Vos passages (2)").click();
    await page.getByRole("button", { name: "Supprimer le passage du 1 juin 2026" }).click();
    await expect(logStatus(page)).toHaveText("Passage supprimé");
    expect(lost).toBe(true);
    await expect(page.getByRole("region", { name: "Mon carnet" }).getByRole("alert")).toHaveCount(0);
    await expect(summary(page)).toHaveText("Vous l'avez faite 1 fois, la dernière le 1 mai 2026.");
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !OFFLINE_FAILURE.test(error)));
    await page.unroute("**/api/ride-log");
    await page.reload();
    await expect(summary(page)).toHaveText("Vous l'avez faite 1 fois, la dernière le 1 mai 2026.");
  });
});

test.describe("the wish list (docs/rules/ride-log.md#wish-list)", () => {
  test("'Mes envies' groups the wished rides by park, nearest first from the member's position", async ({ page, signInAsNewMember }) => {
    test.setTimeout(120_000);
    await signInAsNewMember();
    for (const [path, name] of [
      ["/fr/europa-park/silver-star", "Silver Star"],
      ["/fr/europa-park/arthur", "Arthur"],
      ["/fr/parc-asterix/toutatis", "Toutatis"],
    ] as const) {
      await page.goto(path);
      await waitForHydration(page);
      const wish = page.getByRole("button", { name: `Je veux la faire : ${name}` });
      await wish.click();
      await expect(wish).toHaveAttribute("aria-pressed", "true");
    }
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/fr/profile/ride-log");
    const wishes = page.getByRole("region", { name: "Mes envies" });
    const parks = wishes.getByRole("listitem").filter({ has: page.getByRole("link", { name: /^(Europa-Park|Parc Astérix)$/ }) });
    // Without an origin, the park with the most wished rides first.
    await expect(parks.first()).toContainText("Europa-Park");
    await expect(parks.first()).toContainText("2 envies");

    // From a position near Paris: Parc Astérix first, with its distance.
    await waitForHydration(page);
    await page.context().grantPermissions(["geolocation"]);
    await page.context().setGeolocation({ latitude: 48.857, longitude: 2.352 });
    await wishes.getByRole("button", { name: "Utiliser ma position" }).click();
    await expect(page).toHaveURL(/[?&]near=48\.857,2\.352$/);
    await expect(parks.first()).toContainText("Parc Astérix");
    await expect(parks.first()).toContainText(/1 envie · à [\d,\s]+km/);
    await expect(parks.nth(1)).toContainText("Europa-Park");
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe("ride log on the profile (docs/rules/ride-log.md#credits)", () => {
  test("the member sees their credits by type, park and country, changes their rules, and shows them to others", async ({ page, browser, baseURL, signInAsNewMember }) => {
    test.setTimeout(120_000);
    const member = await signInAsNewMember();
    for (const [path, name] of [
      ["/fr/europa-park/silver-star", "Silver Star"],
      ["/fr/europa-park/silver-star", "Silver Star"],
      ["/fr/europa-park/arthur", "Arthur"],
      ["/fr/parc-asterix/toutatis", "Toutatis"],
    ] as const) {
      await page.goto(path);
      await waitForHydration(page);
      await page.getByRole("button", { name: `J'ai fait cette attraction : ${name}` }).click();
      await page.getByRole("button", { name: "Enregistrer" }).click();
      // Answered by the server before the next page: the summary alone shows the write at once.
      await expect(logStatus(page)).toHaveText("Passage enregistré");
    }
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/fr/profile");
    const section = page.getByRole("region", { name: "Mon carnet" });
    await expect(section.locator("[data-credits]")).toHaveText("3 crédits");
    await expect(section.getByRole("term").filter({ hasText: "Montagnes russes" })).toBeVisible();
    await waitForHydration(page);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The whole log on its own page.
    await section.getByRole("link", { name: "Ouvrir mon carnet complet" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Mon carnet" })).toBeVisible();
    const book = page.getByRole("region", { name: "Crédits" });
    await expect(book.locator("[data-credits]")).toHaveText("3 crédits");
    await expect(book.getByRole("term").filter({ hasText: "Europa-Park" })).toBeVisible();
    await expect(book.getByRole("term").filter({ hasText: "France" })).toBeVisible();
    await expect(book.getByText("Silver Star (Europa-Park) — 2 tours")).toBeVisible();
    // The parks visited, on the map: each a dot linking to its page.
    const map = book.getByRole("figure", { name: "Parcs visités" });
    await expect(map.locator('a[href="/fr/europa-park"]')).toHaveCount(1);
    await expect(map.locator('a[href="/fr/parc-asterix"]')).toHaveCount(1);
    if (process.env.RIDE_LOG_SHOT) await book.screenshot({ path: process.env.RIDE_LOG_SHOT });
    await waitForHydration(page);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Another member sees nothing of a private log.
    const other = await browser.newPage({ baseURL });
    await other.goto(`/fr/profile/${member.id}`);
    await expect(other.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(other.getByRole("region", { name: /^Carnet de/ })).toHaveCount(0);

    const settings = page.getByRole("form", { name: "Règles de comptage et visibilité" });
    await settings.getByLabel("Montagnes russes seulement").check();
    await settings.getByLabel("Tout le monde voit mes crédits").check();
    await settings.getByRole("button", { name: "Enregistrer" }).click();
    await expect(settings.getByText("Réglages enregistrés")).toBeVisible();
    await expect(book.locator("[data-credits]")).toHaveText("2 crédits");

    await other.goto(`/fr/profile/${member.id}/ride-log`);
    await expect(other.locator("[data-credits]")).toHaveText("2 crédits");
    // Counts only: not the rides.
    await expect(other.getByText("Les plus faites")).toHaveCount(0);
    await other.close();
  });
});
