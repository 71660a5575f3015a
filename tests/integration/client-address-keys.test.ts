import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parkTopic } from "~/domain/live-topics";
import { loader as liveLoader } from "~/routes/api.live";
import { loader as apiLoader } from "~/routes/api.v1";
import { CLIENT_IP_HEADER } from "~/server/auth/auth";
import { createLiveHub, type LiveHub } from "~/server/live/live-hub";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Decision 0040: the public API's rate limit and the live streams' cap count an IPv6 client by its
 * /64 (one client picks any address in it), and an IPv4-mapped address as its IPv4 address.
 */
let database: TestDatabase;
let hub: LiveHub;

beforeAll(async () => {
  database = await createTestDatabase();
  hub = await createLiveHub(database.listen, pino({ level: "silent" }), { maxStreamsPerClient: 2 });
});
afterAll(async () => {
  await hub?.close();
  await database?.close();
});

describe("per-address limits count a client, not one of its addresses", () => {
  it("counts the API's requests of a whole IPv6 /64 together, and a mapped IPv4 address as the IPv4 one", async () => {
    const context = createAuthContext(database, { API_REQUESTS_PER_MINUTE: "3" }).context;
    const send = async (ip: string) => {
      const request = new Request(`${TEST_ORIGIN}/api/v1/parks?limit=1`, { headers: { [CLIENT_IP_HEADER]: ip } });
      return ((await apiLoader({ request, context, params: { "*": "parks" } } as never)) as Response).status;
    };
    const rotating = ["2001:db8:7:1::1", "2001:db8:7:1::2", "2001:DB8:7:1:0:0:0:3", "2001:db8:7:1:ffff::9"];
    const statuses = [];
    for (const ip of rotating) statuses.push(await send(ip));
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await send("2001:db8:7:2::1")).toBe(200);

    const mapped = [];
    for (const ip of ["::ffff:203.0.113.77", "::ffff:203.0.113.77", "203.0.113.77", "::ffff:cb00:714d"]) mapped.push(await send(ip));
    expect(mapped).toEqual([200, 200, 200, 429]);
  });

  it("caps the live streams of a whole IPv6 /64 together", async () => {
    const open = (ip: string) => {
      const request = new Request(`${TEST_ORIGIN}/api/live?topic=${parkTopic(crypto.randomUUID())}`, { headers: { [CLIENT_IP_HEADER]: ip } });
      return liveLoader({ request, params: {}, context: { liveHub: hub } } as never) as Response;
    };
    const answers = [open("2001:db8:8:1::a"), open("2001:db8:8:1::b"), open("2001:db8:8:1:1234:5678:9abc:def0"), open("2001:db8:8:2::a")];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429, 200]);
    await Promise.all(answers.map((answer) => answer.body?.cancel()));
    expect(hub.counts().streams).toBe(0);
  });
});
