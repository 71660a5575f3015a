import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, type TestMember } from "./support/fixtures";
import { signIn } from "./support/sign-in";

// PortAventura Park (app/server/demo/data): each test's members are new, so their plans start empty.
const PARK = "/fr/portaventura-park";

// The service worker (public/sw.js) is what these tests are about; the other files block it (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

const plan = (page: Page) => page.locator("#visit-plan");
const entryNames = (page: Page) => plan(page).locator("[data-plan-entry] a");
/** The header's link to the signed-in member's account. */
const accountLink = (page: Page, member: TestMember) => page.getByRole("link", { name: `Mon compte : ${member.username}`, exact: true });

/**
 * Chromium's own report of a request that found no network, and React Router's of a link's route it could not
 * fetch: expected while the test has the network cut.
 */
const OFFLINE_FAILURE = /net::ERR_(INTERNET_DISCONNECTED|FAILED|NAME_NOT_RESOLVED|CONNECTION_REFUSED)|^Failed to fetch manifest patches TypeError: Failed to fetch/;

/** The member's plan of the park gets these rides, and the worker keeps the page and the plan for offline reading. */
async function planAndKeep(page: Page, member: TestMember, rides: string[]): Promise<string> {
  const planRequest = page.waitForRequest((request) => /\/api\/plans\/[\w-]+$/.test(new URL(request.url()).pathname));
  await page.goto(PARK);
  const apiPath = new URL((await planRequest).url()).pathname;
  await expect(accountLink(page, member)).toBeVisible();
  await expect(plan(page).locator("[data-interactive]")).toHaveCount(1);
  for (const name of rides) {
    await page.getByRole("button", { name: `Ajouter au plan : ${name}` }).click();
    await expect(entryNames(page).last()).toHaveText(name);
  }
  await expect(plan(page).getByText("Plan enregistré")).toBeVisible();
  await expect(plan(page).locator("[data-offline-ready]")).toHaveText("Ce plan et la page du parc restent consultables hors connexion sur cet appareil.");
  return apiPath;
}

/** What the page's own fetch of the plan answers (through the worker), or how it failed. */
function planAsThePageReadsIt(page: Page, apiPath: string): Promise<string> {
  return page.evaluate((path) => fetch(path).then((response) => response.text(), (error: unknown) => `failed: ${String(error)}`), apiPath);
}

/** What this browser holds for members offline: private caches, plan outboxes, and whether a worker is registered. */
function storedCopies(page: Page) {
  return page.evaluate(async () => ({
    privateCaches: (await caches.keys()).filter((name) => name.startsWith("parcours-private-")).length,
    outboxes: (await indexedDB.databases()).filter((database) => database.name?.startsWith("parcours-plan-outbox-")).length,
    workers: (await navigator.serviceWorker.getRegistrations()).length,
  }));
}

/**
 * Offline, nothing of `former` is left to read: no copy of the park page, no plan answer with their rides. With no
 * worker left the navigation fails; a worker still registered answers the site's offline page instead of the copy.
 */
async function expectNothingOfOffline(page: Page, context: BrowserContext, former: TestMember, apiPath: string, rides: string[], worker: "gone" | "registered") {
  await context.setOffline(true);
  const answer = await planAsThePageReadsIt(page, apiPath);
  for (const ride of rides) expect(answer).not.toContain(ride);
  if (worker === "gone") await expect(page.goto(PARK)).rejects.toThrow();
  else {
    await page.goto(PARK);
    await expect(page.getByRole("heading", { level: 1, name: "Vous êtes hors connexion" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "PortAventura Park" })).toHaveCount(0);
    for (const ride of rides) await expect(page.getByText(ride)).toHaveCount(0);
  }
  await context.setOffline(false);
  await page.goto("/fr");
  await expect(accountLink(page, former)).toHaveCount(0);
}

test.describe("the worker's private copies follow the signed-in member (decision 0041)", () => {
  test.afterEach(({ consoleErrors }) => {
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !OFFLINE_FAILURE.test(error)));
  });

  test("a member signed out everywhere from another browser leaves nothing readable offline, and the next member on this browser never sees their page or plan", async ({
    page,
    context,
    browser,
    baseURL,
    createMember,
  }) => {
    test.setTimeout(180_000);
    const first = await createMember();
    await signIn(page, baseURL!, first.email, first.password);
    const apiPath = await planAndKeep(page, first, ["Shambhala", "Furius Baco"]);

    // 'Se déconnecter partout' from another browser: this one's cookie now names a session that is gone.
    const elsewhere = await browser.newContext({ baseURL });
    try {
      const otherPage = await elsewhere.newPage();
      await signIn(otherPage, baseURL!, first.email, first.password);
      expect((await otherPage.request.post("/api/auth/revoke-sessions", { data: {}, headers: { origin: new URL(baseURL!).origin } })).ok()).toBe(true);
    } finally {
      await elsewhere.close();
    }
    // The next page this browser opens online is a visitor's. The first answer to a request carrying the dead session's
    // cookie (this page's, or one the open page made) expired it and cleared the site's data: Chromium honours
    // Clear-Site-Data on http://127.0.0.1, a potentially trustworthy origin; only it unregisters the worker here.
    await page.goto("/fr");
    await expect(page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Connexion" })).toBeVisible();
    await expect.poll(() => storedCopies(page)).toEqual({ privateCaches: 0, outboxes: 0, workers: 0 });
    await expectNothingOfOffline(page, context, first, apiPath, ["Shambhala", "Furius Baco"], "gone");

    // Another member signs in on this browser and keeps their own plan of the same park.
    const second = await createMember();
    await signIn(page, baseURL!, second.email, second.password);
    await planAndKeep(page, second, ["Stampida"]);
    // Opened again online, through the worker registered meanwhile: it keeps this member's plan answer too.
    await page.reload();
    await expect(entryNames(page)).toHaveText(["Stampida"]);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "PortAventura Park" })).toBeVisible();
    await expect(accountLink(page, second)).toBeVisible();
    await expect(entryNames(page)).toHaveText(["Stampida"]);
    await expect(page.getByText(first.username)).toHaveCount(0);
    const answer = await planAsThePageReadsIt(page, apiPath);
    expect(answer).toContain("Stampida");
    for (const ride of ["Shambhala", "Furius Baco"]) expect(answer).not.toContain(ride);
    await context.setOffline(false);
  });

  test("a member signing in over another's session (no sign-out) never sends the first one's waiting changes, and finds nothing of theirs offline", async ({
    page,
    context,
    baseURL,
    createMember,
  }) => {
    test.setTimeout(180_000);
    const first = await createMember();
    await signIn(page, baseURL!, first.email, first.password);
    const apiPath = await planAndKeep(page, first, ["Shambhala", "Furius Baco"]);

    // Offline, the first member changes the plan: the change waits in this browser's outbox.
    await context.setOffline(true);
    await expect(plan(page).getByRole("status").filter({ hasText: "Hors connexion" })).toBeVisible();
    await page.getByRole("button", { name: "Ajouter au plan : Stampida" }).click();
    await expect(plan(page).getByText("Modifications en attente d'envoi")).toBeVisible();

    // Someone else signs in on this browser without the first member signing out; then the network comes back.
    const second = await createMember();
    await signIn(page, baseURL!, second.email, second.password);
    await context.setOffline(false);
    // The first member's page tries to send their change with the second member's session: refused.
    await expect(plan(page).getByText("Connectez-vous pour enregistrer votre plan de visite.")).toBeVisible();
    const theirs = (await (await page.request.get(apiPath)).json()) as { plan?: { entries: Array<{ name: string }> } };
    expect(theirs.plan?.entries ?? []).toEqual([]);

    // No session ended on the server, so no Clear-Site-Data: the worker itself, still registered, deleted the first
    // member's copies and outbox when an answer named the second.
    await page.goto("/fr");
    await expect(accountLink(page, second)).toBeVisible();
    expect(await storedCopies(page)).toEqual({ privateCaches: 0, outboxes: 0, workers: 1 });
    await expectNothingOfOffline(page, context, first, apiPath, ["Shambhala", "Furius Baco", "Stampida"], "registered");
  });
});
