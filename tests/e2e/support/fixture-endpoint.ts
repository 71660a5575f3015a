/**
 * Test fixtures' way into the e2e server's database: preloaded into the server
 * process (`node --import tsx --import ./tests/e2e/support/fixture-endpoint.ts
 * http/main.ts`, see e2e-stack.ts), it answers a few JSON requests on a
 * loopback port of its own, separate from the site's, through the project's
 * own service layer: create a member (as tests/support/factories.ts does for
 * the integration tests), give them a top list or reviews, delete them
 * (deleteAccount, the same cascade as "Supprimer mon compte").
 *
 * Why inside the server process: the e2e server keeps the default production
 * setup, an embedded PGlite that only the process that opened it can use, so
 * the suite needs no PostgreSQL server. The alternatives were worse: a second
 * process cannot open the same PGlite directory; running the e2e server on a
 * throwaway PostgreSQL database would stop testing the embedded mode and make
 * the whole suite depend on a local PostgreSQL server; a route in the product
 * for tests is not wanted. The one trick is how we get hold of the server's
 * database: PGlite.prototype.query is wrapped to note the instance that runs
 * the server's first query (the migrations), and is otherwise unchanged. If a
 * PGlite upgrade moved that method, every request here would answer 503 with
 * an explicit message, not pass silently.
 *
 * The port is chosen by the system and written to $DATA_DIR/fixture-endpoint.json,
 * where fixtures.ts reads it: no port to keep free, nothing reachable from outside.
 */
import { writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { hashPassword } from "better-auth/crypto";
import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import pino from "pino";
import { deleteAccount } from "~/server/accounts/delete-account";
import { logModeration, type ModerationEntry } from "~/server/admin/moderation-log";
import { editableRide } from "~/server/admin/admin-rides";
import { approveRide, updateRide } from "~/server/admin/ride-moderation";
import { approvePark, updatePark } from "~/server/admin/park-moderation";
import { createRide } from "~/server/contributions/create-ride";
import { loadConfig } from "~/server/config";
import { createPark } from "~/server/contributions/create-park";
import type { Database } from "~/server/db/database";
import * as schema from "~/server/db/schema";
import { createImageStorage } from "~/server/images/create-image-storage";
import { createMailer } from "~/server/mail/mailer";
import { createNotificationJob } from "~/server/notifications/notification-job";
import { createRankingsJob } from "~/server/rankings/rankings-job";
import { createTastesJob } from "~/server/tastes/tastes-job";
import { addToTopList } from "~/server/profiles/top-lists";
import { deleteStoredImages } from "~/server/images/delete-stored-images";
import { saveRideRating } from "~/server/ratings/save-ride-rating";
import { saveParkRating } from "~/server/ratings/save-park-rating";
import { reportReview } from "~/server/ratings/review-reports";
import { DEFAULT_ADMIN_SETTINGS } from "~/server/admin/admin-settings";
import { queryRows } from "~/server/db/database";
import { recomputeAggregates } from "~/server/ratings/recompute-aggregates";
import { submitSuggestion } from "~/server/suggestions/submit-suggestion";
import { isSuggestionKind } from "~/domain/suggested-changes";

const FIXTURE_PASSWORD = "Fixture2026";

let serverClient: PGlite | undefined;
const query = PGlite.prototype.query;
PGlite.prototype.query = function (this: PGlite, ...args: Parameters<typeof query>) {
  // The first instance to run a query is the server's own database: the fixtures write through it.
  // eslint-disable-next-line @typescript-eslint/no-this-alias -- keeping that instance is the point of this wrapper
  serverClient ??= this;
  return query.apply(this, args);
} as typeof query;

const config = loadConfig();
const imageStorage = createImageStorage(config.storage);
const logger = pino({ level: "warn", base: { service: "e2e-fixtures" } });
let database: Database | undefined;
// Every fixture member has the same password: hashed once (scrypt is slow on purpose).
let passwordHash: Promise<string> | undefined;

function db(): Database {
  if (!serverClient) throw new HttpError(503, "the server has not opened its database yet");
  database ??= drizzle(serverClient, { schema }) as unknown as Database;
  return database;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type MemberRequest = { username?: string };

async function createMember({ username }: MemberRequest) {
  const id = crypto.randomUUID();
  const name = username ?? `Membre_${id.slice(0, 8)}`;
  const email = `${name.toLowerCase()}@fixture.parcours.test`;
  passwordHash ??= hashPassword(FIXTURE_PASSWORD);
  const password = await passwordHash;
  await db().transaction(async (tx) => {
    // The profile comes with the account, named after it (migration 0003).
    await tx.insert(schema.users).values({ id, name, email, emailVerified: true });
    await tx.insert(schema.accounts).values({ id: crypto.randomUUID(), accountId: id, providerId: "credential", userId: id, password });
  });
  return { id, username: name, email, password: FIXTURE_PASSWORD };
}

async function parkIdOf(slug: string): Promise<string> {
  const [park] = await db().select({ id: schema.parks.id }).from(schema.parks).where(eq(schema.parks.slug, slug));
  if (!park) throw new HttpError(400, `no park ${slug}`);
  return park.id;
}

async function rideIdOf(parkAndRide: string): Promise<string> {
  const [parkSlug, rideSlug] = parkAndRide.split("/");
  const [rideRow] = await db()
    .select({ id: schema.rides.id })
    .from(schema.rides)
    .innerJoin(schema.parks, eq(schema.parks.id, schema.rides.parkId))
    .where(and(eq(schema.parks.slug, parkSlug ?? ""), eq(schema.rides.slug, rideSlug ?? "")));
  if (!rideRow) throw new HttpError(400, `no attraction ${parkAndRide}`);
  return rideRow.id;
}

/** Appends parks ("futuroscope") and attractions ("parc-asterix/toutatis") to the member's top lists. */
async function addToTopLists(userId: string, { parks = [], attractions: rides = [] }: { parks?: string[]; attractions?: string[] }) {
  for (const slug of parks) await expectOk(addToTopList(db(), userId, "park", await parkIdOf(slug)));
  for (const rideRow of rides) await expectOk(addToTopList(db(), userId, "attraction", await rideIdOf(rideRow)));
}

async function memberOf(userId: string) {
  const [user] = await db().select({ username: schema.profiles.username }).from(schema.profiles).where(eq(schema.profiles.id, userId));
  if (!user) throw new HttpError(404, "no such member");
  return { id: userId, username: user.username, isAdmin: false, twoFactorEnabled: false };
}

/** A park review written as the member's park-page form would send it. */
async function reviewPark(userId: string, { park, fields }: { park: string; fields: Record<string, string> }) {
  const saved = await saveParkRating({ db: db(), imageStorage, logger }, await memberOf(userId), await parkIdOf(park), { fields, images: [] });
  if (!saved.ok) throw new HttpError(400, JSON.stringify(saved.errors));
}

/** An attraction review ("park-slug/ride-slug") written as the attraction page's form would send it. */
async function reviewRide(userId: string, { attraction: ride, fields }: { attraction: string; fields: Record<string, string> }) {
  const saved = await saveRideRating({ db: db(), logger }, await memberOf(userId), await rideIdOf(ride), { fields });
  if (!saved.ok) throw new HttpError(400, JSON.stringify(saved.errors));
}

// --- Admin screens (decision 0018): parks, dashboard ---

/**
 * A park added by the member as the contribute page would add it (the createPark service): pending
 * while approval is required. Fields default to a valid park; the test gives at least its name.
 */
async function contributePark(userId: string, given: Record<string, string>) {
  // A country of its own: the home page's tests that count the parks of France or Germany stay exact
  // while other tests approve their parks.
  const fields = { region: "Région de test", country: "Pays de test", descriptionFr: "Un parc de test.", adultPrice: "30", openingYear: "2001", ...given };
  const created = await createPark({ db: db(), imageStorage, logger }, await memberOf(userId), { fields, image: null });
  if (!created.ok) throw new HttpError(400, JSON.stringify(created.errors));
  return { id: created.id, slug: created.slug, moderationStatus: created.moderationStatus };
}

// --- end of admin "Gestion des parcs" ---

async function expectOk(outcome: Promise<{ ok: boolean; error?: string }>) {
  const result = await outcome;
  if (!result.ok) throw new HttpError(400, result.error ?? "refused");
}

/** Deletes a member by id or e-mail, with what they wrote; a member already gone is fine. */
async function deleteMember({ id, email }: { id?: string; email?: string }) {
  let userId = id;
  if (!userId && email) {
    const [user] = await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email.toLowerCase()));
    userId = user?.id;
  }
  if (!userId) return;
  const deleted = await deleteAccount(db(), config, userId);
  if (deleted.ok) await deleteStoredImages(imageStorage, deleted.imageReferences, logger);
  else if (deleted.reason !== "not-found") throw new HttpError(400, `cannot delete: ${deleted.reason}`);
}

// --- Admin dashboard (decision 0018) ---

/** A moderation log entry by this member as the moderator (the log screen's rows; no admin action exists to make one). */
async function logAsModerator(userId: string, entry: Omit<ModerationEntry, "moderatorId">) {
  await db().transaction((tx) => logModeration(tx, { ...entry, moderatorId: userId }));
}

// --- end of the admin dashboard's fixtures ---

// --- Admin "Gestion des attractions" (tests/e2e/admin-attractions.spec.ts) ---

/** A ride the member adds to a park (slug) as the park page's form would: pending until moderated. */
async function contributeRide(userId: string, { park, fields }: { park: string; fields: Record<string, string> }) {
  const created = await createRide({ db: db(), imageStorage, logger }, await memberOf(userId), { id: await parkIdOf(park) }, { fields, image: null });
  if (!created.ok) throw new HttpError(400, JSON.stringify(created.errors));
  return { id: created.id, slug: created.slug };
}

// --- end of the admin attractions block ---

// ---------------------------------------------------------------------------
// Paramètres (admin settings and notifications, decision 0016): the notification
// job run at a chosen time, so that a test can force a daily digest without
// waiting for midnight. The server's own job keeps running beside it; the claim
// keeps the two from sending a row twice.

async function runNotificationJob({ at }: { at?: string }) {
  const now = at ? new Date(at) : new Date();
  if (Number.isNaN(now.getTime())) throw new HttpError(400, `bad time ${at}`);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: null, logger });
  return createNotificationJob({ db: db(), mailer, adminEmail: config.adminEmail, publicUrl: config.publicUrl, logger }).run(now);
}

// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// The rankings and tastes jobs (decisions 0078, 0079) run at a chosen time: a test ends a month to see the movement
// since it, or finds a member's tastes without waiting for the server's own runs, which go on beside these.

async function runRankingsJob({ at }: { at?: string }) {
  const now = at ? new Date(at) : new Date();
  if (Number.isNaN(now.getTime())) throw new HttpError(400, `bad time ${at}`);
  return createRankingsJob({ db: db(), logger }).run(now);
}

async function runTastesJob() {
  return createTastesJob({ db: db(), logger }).run();
}

// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Commentaires signalés (/admin/comments): reports and the auto-moderation settings
// ---------------------------------------------------------------------------

/** The member reports the park review that `author` wrote on `park`, as the review's 'Signaler' form would. */
async function reportParkReview(userId: string, { park, author, reason }: { park: string; author: string; reason: string }) {
  const [review] = await db()
    .select({ id: schema.parkRatings.id })
    .from(schema.parkRatings)
    .where(and(eq(schema.parkRatings.parkId, await parkIdOf(park)), eq(schema.parkRatings.userId, author)));
  if (!review) throw new HttpError(400, "no such review");
  const reported = await reportReview({ db: db(), logger }, await memberOf(userId), { ratingType: "park", ratingId: review.id, reason });
  if (!reported.ok) throw new HttpError(400, JSON.stringify(reported.error));
}

/**
 * Sets auto-moderation (on, with its threshold) for one test, or back to the defaults of
 * docs/rules/back-office.md#settings (`{ reset: true }`): the test that sets it restores it when it ends.
 */
async function setAutoModeration(body: { reset?: boolean; autoModeration?: boolean; maxReportsBeforeHide?: number }) {
  const values = body.reset
    ? { autoModeration: DEFAULT_ADMIN_SETTINGS.autoModeration, maxReportsBeforeHide: DEFAULT_ADMIN_SETTINGS.maxReportsBeforeHide }
    : { autoModeration: Boolean(body.autoModeration), maxReportsBeforeHide: Number(body.maxReportsBeforeHide ?? DEFAULT_ADMIN_SETTINGS.maxReportsBeforeHide) };
  await db().update(schema.adminSettings).set(values).where(eq(schema.adminSettings.id, 1));
}

// --- The back office's story (tests/e2e/admin-story.spec.ts) ---

class RolledBack extends Error {}

/**
 * A park's maintained aggregates as they stand, and as recomputeAggregates (the reference
 * definition) rebuilds them from the rows — inside one transaction that is rolled back, so the
 * comparison changes nothing and sees one consistent state while other tests write.
 */
async function parkAggregates({ park }: { park: string }) {
  const id = await parkIdOf(park);
  const read = async (tx: Parameters<Parameters<Database["transaction"]>[0]>[0]) => {
    const [row] = await queryRows<{ park: Record<string, unknown> }>(tx, sql`SELECT to_jsonb(p) - 'updated_at' AS park FROM parks p WHERE id = ${id}`);
    return row?.park;
  };
  let result: { maintained: unknown; recomputed: unknown } | undefined;
  try {
    await db().transaction(async (tx) => {
      const maintained = await read(tx);
      const rideRows = await tx.select({ id: schema.rides.id }).from(schema.rides).where(eq(schema.rides.parkId, id));
      await recomputeAggregates(tx, { parkIds: [id], rideIds: rideRows.map((rideRow) => rideRow.id), reviewIds: [], userIds: [] });
      result = { maintained, recomputed: await read(tx) };
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return result;
}

// --- end of the story's block ---

// --- Suggestions de modifications (tests/e2e/admin-suggestions.spec.ts) ---

/** The administrator (ADMIN_EMAIL) as the back office's services take them. */
async function administrator() {
  const [user] = await db()
    .select({ id: schema.profiles.id, username: schema.profiles.username })
    .from(schema.profiles)
    .innerJoin(schema.users, eq(schema.users.id, schema.profiles.id))
    .where(eq(schema.users.email, config.adminEmail));
  if (!user) throw new HttpError(503, "no administrator account");
  return { ...user, isAdmin: true, twoFactorEnabled: false };
}

/** An edit suggestion by the member, as the park or ride page's form would send it (its field names, `reason` included). */
async function suggestEdit(userId: string, { kind, target, fields }: { kind: string; target: string; fields: Record<string, string> }) {
  if (!isSuggestionKind(kind)) throw new HttpError(400, `no kind ${kind}`);
  const sent = await submitSuggestion({ db: db(), imageStorage, logger }, await memberOf(userId), kind, target, { fields, image: null });
  if (!sent.ok) throw new HttpError(400, JSON.stringify(sent.errors));
  return { id: sent.id };
}

/** A pending park approved by the administrator ("Approuver" in 'Gestion des parcs'). */
async function approveParkAsAdmin({ id }: { id: string }) {
  const approved = await approvePark(db(), await administrator(), id);
  if (!approved.ok) throw new HttpError(400, JSON.stringify(approved.error));
}

/** A pending ride approved by the administrator ("Approuver" in 'Gestion des attractions'). */
async function approveRideAsAdmin({ id }: { id: string }) {
  const approved = await approveRide(db(), (await administrator()).id, id);
  if (!approved.ok) throw new HttpError(400, JSON.stringify(approved.error));
}

/** The administrator's 'Modifier' of a park: its current values with the given ones changed. */
async function editParkAsAdmin({ id, fields }: { id: string; fields: Record<string, string> }) {
  const [park] = await db().select().from(schema.parks).where(eq(schema.parks.id, id));
  if (!park) throw new HttpError(404, "no such park");
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  const values = {
    name: park.name,
    region: park.region,
    country: park.country,
    descriptionFr: text(park.descriptionFr),
    descriptionEn: text(park.descriptionEn),
    openingYear: text(park.openingYear),
    adultPrice: text(park.adultPrice),
    childPrice: text(park.childPrice),
    openingHours: text(park.openingHours),
    ...fields,
  };
  const updated = await updatePark(db(), await administrator(), id, values);
  if (!updated.ok) throw new HttpError(400, JSON.stringify(updated));
}

/** The administrator's 'Modifier' of a ride: its current values with the given ones changed (e.g. status 'removed'). */
async function editRideAsAdmin({ id, fields }: { id: string; fields: Record<string, string> }) {
  const current = await editableRide(db(), id);
  if (!current) throw new HttpError(404, "no such ride");
  const text = Object.fromEntries(Object.entries(current).flatMap(([name, value]) => (name === "id" ? [] : [[name, value === null ? "" : String(value)]])));
  const updated = await updateRide(db(), (await administrator()).id, id, { ...text, ...fields });
  if (!updated.ok) throw new HttpError(400, JSON.stringify(updated));
}

// --- end of the suggestions block ---

async function route(method: string, url: URL, body: Record<string, unknown>): Promise<unknown> {
  const member = /^\/members\/([0-9a-f-]{36})\/(top-lists|park-reviews|attraction-reviews|parks|attractions|moderation-log|park-review-reports|suggestions)$/.exec(url.pathname);
  if (method === "POST" && url.pathname === "/members") return createMember(body as MemberRequest);
  if (method === "POST" && member?.[2] === "top-lists") return addToTopLists(member[1]!, body);
  if (method === "POST" && member?.[2] === "park-reviews") return reviewPark(member[1]!, body as never);
  if (method === "POST" && member?.[2] === "parks") return contributePark(member[1]!, body as never);
  if (method === "POST" && member?.[2] === "attraction-reviews") return reviewRide(member[1]!, body as never);
  if (method === "POST" && member?.[2] === "attractions") return contributeRide(member[1]!, body as never);
  if (method === "POST" && url.pathname === "/members/delete") return deleteMember(body);
  if (method === "POST" && member?.[2] === "moderation-log") return logAsModerator(member[1]!, body as never);
  if (method === "POST" && url.pathname === "/notifications/run") return runNotificationJob(body as { at?: string });
  if (method === "POST" && url.pathname === "/rankings/run") return runRankingsJob(body as { at?: string });
  if (method === "POST" && url.pathname === "/tastes/run") return runTastesJob();
  if (method === "POST" && member?.[2] === "park-review-reports") return reportParkReview(member[1]!, body as never);
  if (method === "POST" && url.pathname === "/admin-settings/auto-moderation") return setAutoModeration(body);
  if (method === "POST" && url.pathname === "/aggregates/park") return parkAggregates(body as { park: string });
  if (method === "POST" && member?.[2] === "suggestions") return suggestEdit(member[1]!, body as never);
  if (method === "POST" && url.pathname === "/parks/approve") return approveParkAsAdmin(body as { id: string });
  if (method === "POST" && url.pathname === "/attractions/approve") return approveRideAsAdmin(body as { id: string });
  if (method === "POST" && url.pathname === "/parks/edit") return editParkAsAdmin(body as never);
  if (method === "POST" && url.pathname === "/attractions/edit") return editRideAsAdmin(body as never);
  throw new HttpError(404, `no fixture ${method} ${url.pathname}`);
}

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
    route(request.method ?? "GET", new URL(request.url ?? "/", "http://fixtures"), body).then(
      (result) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result ?? null)),
      (error: unknown) => {
        const status = error instanceof HttpError ? error.status : 500;
        response.writeHead(status, { "content-type": "text/plain" }).end(error instanceof Error ? error.message : String(error));
      },
    );
  });
});
// Not a reason for the server process to stay up once main.ts has shut down.
server.unref();
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  writeFileSync(path.join(config.dataDir, "fixture-endpoint.json"), JSON.stringify({ url: `http://127.0.0.1:${port}` }));
});
