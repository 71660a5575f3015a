import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { isRouteErrorResponse } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import routes from "~/routes";
import { suspendMember } from "~/server/auth/suspension";
import { queryRows } from "~/server/db/database";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createMemberWithPassword } from "../support/factories";
import { startSmtpCapture } from "../support/smtp-capture";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { ACTORS, DECLARED_INTENTS, MATRIX, type Actor, type Expectation, type MatrixRow, type Person, type Sent } from "./authorization-matrix-rows";

/**
 * Every write of the site — each intent of each route module that
 * exports an action, app/routes.ts being the list — against every kind of
 * caller, with the answer expected and, on a refusal, proof that nothing was
 * written. A write without a row, or a row without a write, fails the first
 * test: a new action cannot ship without saying who may call it.
 */
// The sign-up page's captcha widget is a browser custom element Node cannot load; its action does not use it.
vi.mock("~/components/captcha-widget", () => ({ CaptchaWidget: () => null }));

type RouteModule = { action?: (args: unknown) => unknown };
type RouteEntry = { file: string; children?: RouteEntry[] };

const APP_DIR = path.resolve(import.meta.dirname, "../../app");
const routeModules = import.meta.glob<RouteModule>("../../app/routes/**/*.tsx");

function routeFiles(entries: readonly RouteEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...routeFiles(entry.children ?? [])]);
}

async function moduleOf(file: string): Promise<RouteModule> {
  const load = routeModules[`../../app/${file}`];
  if (!load) throw new Error(`no route module ${file}`);
  return load();
}

/** Intents a module's own source compares or posts: `intent === "…"`, `get("intent") === "…"`, `name="intent" value="…"`. */
function intentsInSource(file: string): string[] {
  const source = readFileSync(path.join(APP_DIR, file), "utf8");
  const patterns = [/\bintent\b(?:"\))?\s*[!=]==\s*"([\w-]+)"/g, /name="intent"\s+value="([\w-]+)"/g];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
}

/** Every write as "module intent" (or the module alone), derived from the route table and the modules' code. */
async function writesOfTheSite(): Promise<string[]> {
  const files = [...new Set(routeFiles(routes as RouteEntry[]))];
  const writes: string[] = [];
  for (const file of files) {
    if (typeof (await moduleOf(file)).action !== "function") continue;
    const intents = [...new Set([...(DECLARED_INTENTS[file] ?? []), ...intentsInSource(file)])];
    if (intents.length === 0) writes.push(file);
    else writes.push(...intents.map((intent) => `${file} ${intent}`));
  }
  return writes.sort();
}

const writeName = (row: MatrixRow) => (row.intent === null ? row.module : `${row.module} ${row.intent}`);

let database: TestDatabase;
let harness: ReturnType<typeof createAuthContext>;
let digestQuery: ReturnType<typeof sql.raw>;
let tableNames: string[];
const people = new Map<Actor, Person>();
let suspendedCookie: string;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

/**
 * Tables whose rows are bookkeeping a refused request may rightly write (its
 * rate-limit counters and write allowances, a captcha's nonce) or that the
 * server's jobs write (scripts/fuzz/change-log.ts leaves out the same). The
 * sessions count by id only: reading one slides its expiry.
 */
const BOOKKEEPING = ["rate_limit", "user_write_limits", "captcha_solutions", "admin_notifications", "session"];

/**
 * A table's rows, as `row` renders them, summed up in SQL: their count and the sum of each one's
 * md5 (its first 64 bits) — the same for the same rows in any order, so no sort and no long string,
 * and any row added, removed or changed changes it.
 */
function tableDigest(name: string, row: string, where = "true"): string {
  return `(SELECT count(*) || ':' || coalesce(sum(('x' || left(md5(${row}), 16))::bit(64)::bigint), 0) || ';' FROM "${name}" t WHERE ${where})`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  // The e-mail writes (a new address, a confirmation resent) send real mail.
  smtp = await startSmtpCapture();
  harness = createAuthContext(database, { SMTP_URL: smtp.url });
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  tableNames = tables.map(({ name }) => name);
  const parts = tableNames.filter((name) => !BOOKKEEPING.includes(name)).map((name) => tableDigest(name, "t::text"));
  parts.push(tableDigest("session", "t.id"));
  digestQuery = sql.raw(`SELECT md5(${parts.join(" || ")}) AS digest`);
  const suspended = await createMemberWithPassword(database.db);
  suspendedCookie = await harness.openSession(suspended.id);
  await suspendMember(database.db, suspended.id, "Spam");
});
afterAll(async () => {
  await database?.close();
  await smtp?.close();
});

async function digest(): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(database.db, digestQuery);
  return row!.digest;
}

/** Every row that names `person`, in every table: what "the owner's things" means. */
async function digestOf(person: Person): Promise<string> {
  const parts = tableNames.filter((name) => name !== "session").map((name) => tableDigest(name, "t::text", `t::text LIKE '%${person.id}%'`));
  const [row] = await queryRows<{ digest: string }>(database.db, sql.raw(`SELECT md5(${parts.join(" || ")}) AS digest`));
  return row!.digest;
}

/**
 * The signed-in person of a role, kept while their session lives: a cell that
 * ended it (logout, deletion, a new password, a suspension) leaves the next
 * cell a new one. There is one administrator address, so a spent
 * administrator's account gives it up for the new one.
 */
async function personFor(role: Exclude<Actor, "visitor" | "suspended">): Promise<Person> {
  const known = people.get(role);
  if (known && (await harness.currentUser(known.cookie))) return known;
  const adminEmail = harness.config.adminEmail;
  if (role === "admin") await database.db.execute(sql`UPDATE "user" SET email = ${`former-${Date.now()}@parcours.test`} WHERE email = ${adminEmail}`);
  const created = await createMemberWithPassword(database.db, role === "admin" ? adminEmail : undefined);
  // No cell tests this sign-in: the session is opened without the password's check (see openSession).
  const person = { ...created, cookie: await harness.openSession(created.id) };
  people.set(role, person);
  return person;
}

function requestOf(sent: Sent, cookie: string | undefined): Request {
  const headers = new Headers({ origin: TEST_ORIGIN, "x-parcours-client-ip": "192.0.2.44" });
  if (cookie) headers.set("cookie", cookie);
  let body: BodyInit;
  if (sent.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(sent.json);
  } else {
    const form = sent.multipart ? new FormData() : new URLSearchParams();
    for (const [name, value] of Object.entries(sent.fields ?? {})) for (const one of [value].flat()) form.append(name, one);
    if (form instanceof FormData) for (const [name, file] of Object.entries(sent.files ?? {})) form.append(name, file);
    body = form;
  }
  return new Request(`${TEST_ORIGIN}${sent.path}`, { method: "POST", headers, body });
}

/** An action's answer — returned or thrown, a Response, data() or a plain value — as a status and a location. */
function answerOf(value: unknown): { status: number; location: string | null; body: unknown } {
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), body: null };
  if (isRouteErrorResponse(value)) return { status: value.status, location: null, body: value.data };
  const init = (value as { type?: string; init?: ResponseInit | null } | null)?.type === "DataWithResponseInit" ? (value as { init?: ResponseInit | null }).init : null;
  const body = (value as { data?: unknown }).data;
  if (init) return { status: init.status ?? 200, location: new Headers(init.headers).get("location"), body };
  if (value instanceof Error) throw value;
  return { status: 200, location: null, body: value };
}

const outcomeName = (expected: Expectation) =>
  "na" in expected ? `n/a (${expected.na})` : `${expected.writes ? "writes" : expected.status < 400 && !expected.location?.source.includes("login") ? "writes nothing" : "refused"}, ${expected.status}`;

const cells = MATRIX.flatMap((row) => ACTORS.map((actor) => ({ row, actor, expected: row.expected[actor] })));
const liveCells = cells.filter((cell) => !("na" in cell.expected));

describe(`authorization matrix: ${MATRIX.length} writes × ${ACTORS.length} callers = ${cells.length} cells (${liveCells.length} called, ${cells.length - liveCells.length} n/a)`, () => {
  it("has one row for each write the route table's modules offer, and none for a write that is gone", async () => {
    const rows = MATRIX.map(writeName).sort();
    expect(new Set(rows).size, "a write has two rows").toBe(rows.length);
    expect(rows).toEqual(await writesOfTheSite());
  });

  it("says why for every cell it does not call", () => {
    for (const cell of cells) if ("na" in cell.expected) expect(cell.expected.na.length, `${writeName(cell.row)} × ${cell.actor}`).toBeGreaterThan(20);
  });

  it.each(liveCells.map((cell) => [writeName(cell.row), cell.actor, outcomeName(cell.expected), cell] as const))("%s × %s: %s", async (_write, actor, _outcome, cell) => {
    const expected = cell.expected as Exclude<Expectation, { na: string }>;
    const owner = await personFor("owner");
    const caller = actor === "visitor" || actor === "suspended" ? null : actor === "owner" ? owner : await personFor(actor);
    const sent = await cell.row.send({ role: actor, caller, owner, db: database.db, harness });
    // Read after send(): preparing a cell may renew the caller's session (two-factor confirmation does).
    const cookie = sent.cookie ?? (actor === "suspended" ? suspendedCookie : caller?.cookie);
    const module = await moduleOf(cell.row.module);
    const context = { ...harness.context, currentUser: cookie ? await harness.currentUser(cookie) : null };
    const ownerBefore = expected.ownerUntouched ? await digestOf(owner) : null;
    const mailsBefore = smtp.messages.length;
    const before = await digest();

    const answer = answerOf(await Promise.resolve(module.action!({ request: requestOf(sent, cookie), context, params: sent.params ?? {} })).catch((thrown: unknown) => thrown));

    expect(answer.status, JSON.stringify(answer.body)).toBe(expected.status);
    if (expected.location) expect(answer.location).toMatch(expected.location);
    if (expected.writes) expect(await digest(), "the write happened").not.toBe(before);
    else expect(await digest(), "nothing was written").toBe(before);
    if (expected.ownerUntouched) expect(await digestOf(owner), "nothing of the owner's changed").toBe(ownerBefore);
    if (expected.mails) await expect.poll(() => smtp.messages.length, { timeout: 5_000 }).toBeGreaterThan(mailsBefore);
  });
});
