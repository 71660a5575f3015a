import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { signIn } from "./sign-in";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** A member made for one test, removed with what they wrote when the test ends. */
export type TestMember = { id: string; username: string; email: string; password: string };

type MemberFixtures = {
  /**
   * Creates a member directly in the e2e server's database (no sign-up page,
   * no captcha): a test that changes something changes it as a member of its
   * own, so it can assert exact states whatever ran before or beside it.
   */
  createMember: (options?: { username?: string }) => Promise<TestMember>;
  /** Creates a member and signs `page` in as them. */
  signInAsNewMember: (options?: { username?: string }) => Promise<TestMember>;
  /** Removes, when the test ends, an account the test made another way (sign-up page, Google). */
  removeMemberAfterTest: (email: string) => void;
};

/** Calls the fixture endpoint preloaded into the e2e server (fixture-endpoint.ts). */
export async function fixtureRequest<T = unknown>(pathname: string, body: object = {}): Promise<T> {
  const { url } = JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR!, "fixture-endpoint.json"), "utf8")) as { url: string };
  const response = await fetch(`${url}${pathname}`, { method: "POST", body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`fixture ${pathname} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Appends parks (slugs) and attractions ("park-slug/ride-slug") to a member's top lists, in that order. */
export function giveTopLists(member: TestMember, lists: { parks?: string[]; attractions?: string[] }) {
  return fixtureRequest(`/members/${member.id}/top-lists`, lists);
}

/** A park review by the member, with the park form's field names (e.g. theming, visitDuration, comment). */
export function giveParkReview(member: TestMember, park: string, fields: Record<string, string>) {
  return fixtureRequest(`/members/${member.id}/park-reviews`, { park, fields });
}

/** An attraction review ("park-slug/ride-slug") by the member, with the form's field names (rating, audienceType, comment). */
export function giveRideReview(member: TestMember, ride: string, fields: Record<string, string>) {
  return fixtureRequest(`/members/${member.id}/attraction-reviews`, { attraction: ride, fields });
}

// --- Admin dashboard (decision 0018) ---

/** A park the member contributes, as "Ajouter un parc" would create it (pending while approval is required); a name, or fields. */
export function contributePark(
  member: TestMember,
  park: string | { name: string; region?: string; country?: string; descriptionFr?: string; latitude?: string; longitude?: string },
) {
  const fields = typeof park === "string" ? { name: park } : park;
  return fixtureRequest<{ id: string; slug: string; moderationStatus: "pending" | "approved" }>(`/members/${member.id}/parks`, fields);
}

/** A moderation log entry with the member as its moderator (action and target type from app/domain/moderation-log.ts). */
export function logAsModerator(member: TestMember, entry: { action: string; targetType: string; targetId: string; details?: string }) {
  return fixtureRequest(`/members/${member.id}/moderation-log`, entry);
}

// --- end of the admin dashboard's fixtures ---
// --- Admin "Gestion des attractions" (tests/e2e/admin-attractions.spec.ts) ---

/** A ride the member adds to a park (slug), pending as the park page's form leaves it; fields as that form names them. */
export function contributeRide(member: TestMember, park: string, fields: Record<string, string>) {
  return fixtureRequest<{ id: string; slug: string }>(`/members/${member.id}/attractions`, { park, fields });
}

// --- end of the admin attractions block ---

// Paramètres (admin notifications, decision 0016) ------------------------------------

/**
 * Runs the server's notification job once at `at` (default: now), e.g. a day
 * later to send today's daily digest at once. Answers what it sent.
 */
export function runNotificationJob(at?: Date) {
  return fixtureRequest<{ sent: number; failed: number }>("/notifications/run", { at: at?.toISOString() });
}

/** Runs the rankings job once at `at` (default: now): the first run of a later month keeps the previous run's month. */
export function runRankingsJob(at?: Date) {
  return fixtureRequest<{ written: boolean; snapshotTaken: boolean }>("/rankings/run", { at: at?.toISOString() });
}

/** Runs the tastes job once: every demo member's closest members and rides for them. */
export function runTastesJob() {
  return fixtureRequest<{ members: number; finished: boolean }>("/tastes/run");
}

// -----------------------------------------------------------------------------

// Commentaires signalés (/admin/comments) -----------------------------------

/** The member reports the park review `author` wrote on `park` (a slug). */
export function reportParkReview(member: TestMember, park: string, author: TestMember, reason: string) {
  return fixtureRequest(`/members/${member.id}/park-review-reports`, { park, author: author.id, reason });
}

/** Auto-moderation on with a threshold, or `{ reset: true }` for the defaults (off, 3): restore it in the same test. */
export function setAutoModeration(settings: { autoModeration: boolean; maxReportsBeforeHide: number } | { reset: true }) {
  return fixtureRequest("/admin-settings/auto-moderation", settings);
}

// The back office's story ------------------------------------------------------

/** A park's maintained aggregates and their recomputation from the rows (read in one rolled-back transaction). */
export function parkAggregates(park: string) {
  return fixtureRequest<{ maintained: unknown; recomputed: unknown }>("/aggregates/park", { park });
}

// Suggestions de modifications (/admin/suggestions) ------------------------------

/** The member's edit suggestion of a park or a ride (its id), with the suggestion form's field names and a `reason`. */
export function suggestEdit(member: TestMember, kind: "park" | "attraction", target: string, fields: Record<string, string>) {
  return fixtureRequest<{ id: string }>(`/members/${member.id}/suggestions`, { kind, target, fields });
}

/** A pending park (its id) approved by the administrator. */
export function approveParkAsAdmin(id: string) {
  return fixtureRequest("/parks/approve", { id });
}

/** A pending ride (its id) approved by the administrator. */
export function approveRideAsAdmin(id: string) {
  return fixtureRequest("/attractions/approve", { id });
}

/** The administrator edits a park (its id): the given fields (the edit form's names) changed, the others kept. */
export function editParkAsAdmin(id: string, fields: Record<string, string>) {
  return fixtureRequest("/parks/edit", { id, fields });
}

/** The administrator edits a ride (its id): the given fields (the edit form's names) changed, the others kept. */
export function editRideAsAdmin(id: string, fields: Record<string, string>) {
  return fixtureRequest("/attractions/edit", { id, fields });
}

// -----------------------------------------------------------------------------

/**
 * A review on a park or ride page, looked for as a reader would (decision 0027: five reviews a page): the
 * folded reviews opened, then 'Voir plus d'avis' until the review shows or no page is left — in place
 * with JavaScript, page after page without. Its locator; a count of 0 then means it is on no page.
 */
export async function findReview(page: Page, text: string) {
  const review = page.locator("li[data-review-id]", { hasText: text });
  for (let step = 0; step < 60; step++) {
    // Opened first: a review found in a folded list would be there but not visible.
    const folded = page.locator("details:has(li[data-review-id]):not([open]) > summary");
    if ((await folded.count()) > 0) {
      await folded.first().click();
      continue;
    }
    if ((await review.count()) > 0) break;
    const more = page.getByRole("link", { name: "Voir plus d'avis" });
    if ((await more.count()) === 0) break;
    const before = { url: page.url(), reviews: await page.locator("li[data-review-id]").count() };
    await more.last().click();
    await expect
      .poll(async () => page.url() !== before.url || (await page.locator("li[data-review-id]").count()) !== before.reviews)
      .toBe(true);
  }
  return review;
}

/**
 * Every test fails on a console error or a Content-Security-Policy violation
 * (which Chromium reports on the console), and can run axe on the page.
 */
export const test = base.extend<{ consoleErrors: string[] } & MemberFixtures>({
  createMember: async ({}, use) => {
    const created: TestMember[] = [];
    await use(async (options = {}) => {
      const member = await fixtureRequest<TestMember>("/members", options);
      created.push(member);
      return member;
    });
    for (const member of created) await fixtureRequest("/members/delete", { id: member.id });
  },
  signInAsNewMember: async ({ page, baseURL, createMember }, use) => {
    await use(async (options) => {
      const member = await createMember(options);
      await signIn(page, baseURL!, member.email, member.password);
      return member;
    });
  },
  removeMemberAfterTest: async ({}, use) => {
    const emails: string[] = [];
    await use((email) => void emails.push(email));
    for (const email of emails) await fixtureRequest("/members/delete", { email });
  },
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
