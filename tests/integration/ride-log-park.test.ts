import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { PAGE_MEMBER_HEADER } from "~/domain/page-member-header";
import type { RideLogEntry, RideLogParkAnswer } from "~/domain/ride-log";
import { loader } from "~/routes/api.ride-log-park";
import { countQueriesOf } from "~/server/db/query-count";
import { deleteRideLogEntry, logRide } from "~/server/ride-log/ride-log-writes";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createMember, createPark, createRide } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * The park page's cards read the member's rides of a park (GET /api/ride-log/parks/:parkId, decision 0076), on PGlite
 * and PostgreSQL: their own tallies only, never cached, a clear refusal otherwise.
 */
let database: TestDatabase;
let context: AppLoadContext;

beforeAll(async () => {
  database = await createTestDatabase();
  context = createAuthContext(database).context;
});
afterAll(async () => {
  await database.close();
});

async function member(): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

const entry = (times = 1): RideLogEntry => ({ id: randomUUID(), riddenOn: "2026-07-14", times, note: null });

async function read(user: CurrentUser | null, parkId: string, headers: Record<string, string> = {}) {
  const response = (await loader({
    request: new Request(`${TEST_ORIGIN}/api/ride-log/parks/${parkId}`, { headers }),
    context: { ...context, currentUser: user },
    params: { parkId },
  } as Parameters<typeof loader>[0])) as Response;
  return { status: response.status, cacheControl: response.headers.get("cache-control"), answer: (await response.json()) as RideLogParkAnswer };
}

describe("a member's rides of a park", () => {
  it("gives each ridden ride of the park with its times, from the member's own tallies, in one statement", async () => {
    const rider = await member();
    const other = await member();
    const park = await createPark(database.db);
    const [coaster, carousel, untouched] = [await createRide(database.db, park.id), await createRide(database.db, park.id), await createRide(database.db, park.id)];
    const elsewhere = await createRide(database.db, (await createPark(database.db)).id);
    await logRide(database.db, rider, coaster.id, entry(2));
    await logRide(database.db, rider, coaster.id, entry(3));
    const once = entry();
    await logRide(database.db, rider, carousel.id, once);
    await logRide(database.db, rider, elsewhere.id, entry());
    // Another member's rides of the same park are theirs.
    await logRide(database.db, other, untouched.id, entry(7));

    const counter = { count: 0 };
    const { status, cacheControl, answer } = await countQueriesOf(counter, () => read(rider, park.id));
    expect(counter.count).toBe(1);
    expect(status).toBe(200);
    expect(cacheControl).toBe("private, no-store");
    expect(answer).toEqual({ ok: true, times: { [coaster.id]: 5, [carousel.id]: 1 } });

    // An entry deleted (the card's 'Annuler'): the ride leaves the answer with its last entry.
    await deleteRideLogEntry(database.db, rider, once.id, carousel.id);
    expect((await read(rider, park.id)).answer).toEqual({ ok: true, times: { [coaster.id]: 5 } });
    expect((await read(other, park.id)).answer).toEqual({ ok: true, times: { [untouched.id]: 7 } });
    // A member who rode nothing there: an empty list.
    expect((await read(await member(), park.id)).answer).toEqual({ ok: true, times: {} });
  });

  it("refuses a visitor and a page rendered for another member with a translated 401, and an unknown or unpublished park with a 404", async () => {
    const rider = await member();
    const park = await createPark(database.db);
    const visitor = await read(null, park.id);
    expect(visitor).toEqual({
      status: 401,
      cacheControl: "private, no-store",
      answer: { ok: false, error: "rideLog.errors.unauthenticated", message: "Connectez-vous pour tenir votre carnet." },
    });
    const forAnother = await read(rider, park.id, { [PAGE_MEMBER_HEADER]: "someone-else" });
    expect([forAnother.status, forAnother.answer.ok || forAnother.answer.error]).toEqual([401, "rideLog.errors.unauthenticated"]);
    expect((await read(rider, park.id, { [PAGE_MEMBER_HEADER]: rider.id })).status).toBe(200);

    const english = await read(rider, "not-a-park", { "accept-language": "en" });
    expect(english).toMatchObject({ status: 404, answer: { ok: false, error: "rideLog.errors.parkNotFound", message: "This park does not exist or is not published." } });
    for (const parkId of [randomUUID(), (await createPark(database.db, { moderationStatus: "pending", createdBy: rider.id })).id]) {
      const missing = await read(rider, parkId);
      expect(missing).toEqual({
        status: 404,
        cacheControl: "private, no-store",
        answer: { ok: false, error: "rideLog.errors.parkNotFound", message: "Ce parc n'existe pas ou n'est pas publié." },
      });
    }
  });
});
