import type { Page, Response } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";

/**
 * 'J'ai fait cette attraction' on the park page's ride cards (docs/rules/ride-log.md#logging-a-ride, decision 0076):
 * a member's control drawn by the browser once the page has hydrated, nothing of it in the page's HTML; the quick log
 * goes through the ride log's outbox, offline included. Each test signs a new member in: the demo park is shared.
 */
const PARK = "/fr/europa-park";
/** Chromium's report of the requests that found no network while the test had it cut. */
const OFFLINE_FAILURE = /net::ERR_INTERNET_DISCONNECTED/;

const card = (page: Page, ride: string) => page.locator("li.ride-card-item").filter({ has: page.locator(".ride-card-name", { hasText: new RegExp(`^${ride}$`) }) });
const logButton = (page: Page, ride: string) => page.getByRole("button", { name: `J'ai fait cette attraction : ${ride}` });
const tallies = (response: Response) => /^\/api\/ride-log\/parks\/[\w-]+$/.test(new URL(response.url()).pathname) && response.request().method() === "GET";
const logWrite = (response: Response) => new URL(response.url()).pathname === "/api/ride-log" && response.request().method() === "POST";

/** Opens the park page signed in and waits until the cards have read the member's tallies. */
async function openPark(page: Page) {
  const read = page.waitForResponse(tallies, { timeout: 60_000 });
  await page.goto(PARK);
  expect((await read).status()).toBe(200);
  await waitForHydration(page);
}

test.describe("ride log on the park page's ride cards (docs/rules/ride-log.md#logging-a-ride)", () => {
  test("a visitor's cards have no log control, and load none of its code", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(PARK);
    await waitForHydration(page);
    await expect(card(page, "Silver Star")).toBeVisible();
    await expect(page.getByRole("button", { name: /J'ai fait cette attraction/ })).toHaveCount(0);
    expect(asked.filter((path) => path.startsWith("/api/ride-log") || path.includes("ride-card-log"))).toEqual([]);
  });

  test("a member logs a ride from its card, sees how many times, undoes it, at phone width and by keyboard", async ({ page, signInAsNewMember }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAsNewMember();
    // The member's page as the server sends it: no card control in it (the slot is drawn once for every member).
    const html = await (await page.request.get(PARK)).text();
    expect(html).toContain("Ajouter au plan");
    expect(html).not.toContain("ai fait cette attraction");

    await openPark(page);
    const silverStar = card(page, "Silver Star");
    await expect(logButton(page, "Silver Star")).toHaveText("J'ai fait cette attraction");
    // Not ridden yet: no count.
    await expect(silverStar.getByRole("link", { name: /faite \d+ fois/ })).toHaveCount(0);

    let written = page.waitForResponse(logWrite, { timeout: 60_000 });
    await logButton(page, "Silver Star").click();
    expect((await written).status()).toBe(200);
    await expect(silverStar.getByRole("status")).toHaveText("Ajoutée à votre carnet");
    const count = silverStar.getByRole("link", { name: "Silver Star : faite 1 fois, voir ou modifier sur sa page" });
    await expect(count).toHaveText("Faite 1 fois");

    // Again, by keyboard: riding again is a new entry.
    written = page.waitForResponse(logWrite, { timeout: 60_000 });
    await logButton(page, "Silver Star").focus();
    await page.keyboard.press("Enter");
    expect((await written).status()).toBe(200);
    await expect(silverStar.getByRole("link", { name: /^Silver Star : faite 2 fois/ })).toHaveText("Faite 2 fois");
    await expect(silverStar.getByRole("status")).toHaveText("Ajoutée à votre carnet");

    await silverStar.scrollIntoViewIfNeeded();
    if (process.env.RIDE_CARDS_SHOT) await page.screenshot({ path: process.env.RIDE_CARDS_SHOT });
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // 'Annuler' deletes the entry just logged; the focus stays on the card.
    written = page.waitForResponse(logWrite, { timeout: 60_000 });
    await silverStar.getByRole("button", { name: "Annuler l'ajout de Silver Star à votre carnet" }).click();
    expect((await written).status()).toBe(200);
    await expect(silverStar.getByRole("status")).toHaveText("Retirée de votre carnet");
    await expect(silverStar.getByRole("link", { name: /^Silver Star : faite 1 fois/ })).toHaveText("Faite 1 fois");
    await expect(logButton(page, "Silver Star")).toBeFocused();
    await expect(silverStar.getByRole("button", { name: /^Annuler/ })).toHaveCount(0);

    // What the server kept, read again; the count leads to the ride's page, where the entry is.
    await openPark(page);
    await expect(silverStar.getByRole("link", { name: /^Silver Star : faite 1 fois/ })).toBeVisible();
    await silverStar.getByRole("link", { name: /^Silver Star : faite 1 fois/ }).click();
    await expect(page).toHaveURL(/\/fr\/europa-park\/silver-star$/);
    await expect(page.getByText(/^Vous l'avez faite 1 fois, la dernière le /)).toBeVisible();
  });

  test("a ride logged offline from its card waits on the device and arrives when the network returns, its undoing after it", async ({ page, context, signInAsNewMember, consoleErrors }) => {
    await signInAsNewMember();
    await openPark(page);
    const arthur = card(page, "Arthur");
    await context.setOffline(true);
    await logButton(page, "Arthur").click();
    await expect(arthur.getByRole("status")).toHaveText("Hors ligne : le passage sera envoyé au retour du réseau.");
    await expect(arthur.getByRole("link", { name: /^Arthur : faite 1 fois/ })).toHaveText("Faite 1 fois");
    const written = page.waitForResponse(logWrite, { timeout: 60_000 });
    await context.setOffline(false);
    expect((await written).status()).toBe(200);
    await expect(arthur.getByRole("status")).toHaveText("Ajoutée à votre carnet");

    // Logged and undone offline: both wait, and go in that order.
    const silverStar = card(page, "Silver Star");
    await context.setOffline(true);
    await logButton(page, "Silver Star").click();
    await expect(silverStar.getByRole("status")).toHaveText("Hors ligne : le passage sera envoyé au retour du réseau.");
    await silverStar.getByRole("button", { name: "Annuler l'ajout de Silver Star à votre carnet" }).click();
    await expect(silverStar.getByRole("button", { name: /^Annuler/ })).toHaveCount(0);
    await expect(silverStar.getByRole("status")).toHaveText("Hors ligne : le passage sera envoyé au retour du réseau.");
    const undone = page.waitForResponse((response) => logWrite(response) && (response.request().postDataJSON() as { intent: string }).intent === "delete", { timeout: 60_000 });
    await context.setOffline(false);
    expect((await undone).status()).toBe(200);
    await expect(silverStar.getByRole("status")).toHaveText("Retirée de votre carnet");
    await expect(silverStar.getByRole("link", { name: /faite \d+ fois/ })).toHaveCount(0);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !OFFLINE_FAILURE.test(error)));

    await openPark(page);
    await expect(arthur.getByRole("link", { name: /^Arthur : faite 1 fois/ })).toHaveText("Faite 1 fois");
    await expect(silverStar.getByRole("link", { name: /faite \d+ fois/ })).toHaveCount(0);
  });
});
