import crypto from "node:crypto";
import pino from "pino";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/api.live";
import { CLIENT_IP_HEADER } from "~/server/auth/auth";
import { queryRows } from "~/server/db/database";
import { createLiveHub, type LiveHub } from "~/server/live/live-hub";
import { rideTopic, parkTopic, type LiveTopic } from "~/domain/live-topics";
import { notifyLive } from "~/server/live/notify";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const logger = pino({ level: "silent" });
let database: TestDatabase;
let hub: LiveHub;

beforeAll(async () => {
  database = await createTestDatabase();
  hub = await createLiveHub(database.listen, logger);
});

afterAll(async () => {
  await hub?.close();
  await database?.close();
});

const topicOf = (kind: "park" | "attraction"): LiveTopic => (kind === "park" ? parkTopic : rideTopic)(crypto.randomUUID());

/** Records when each change of the topic reached its subscriber. */
function record(target: LiveHub, topic: LiveTopic) {
  const times: number[] = [];
  const waiters: (() => void)[] = [];
  const unsubscribe = target.subscribe(topic, () => {
    times.push(performance.now());
    for (const wake of waiters.splice(0)) wake();
  });
  /** Resolves once `count` changes have arrived, or fails after `ms`. */
  async function until(count: number, ms = 5_000) {
    const deadline = performance.now() + ms;
    while (times.length < count) {
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`expected ${count} changes of ${topic}, got ${times.length}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  }
  return { times, until, unsubscribe };
}

const committed = (topic: LiveTopic) => database.db.transaction((tx) => notifyLive(tx, topic));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the live hub", () => {
  it("hands a committed transaction's notification to that topic's subscribers only", async () => {
    const park = topicOf("park");
    const other = topicOf("park");
    const first = record(hub, park);
    const second = record(hub, park);
    const elsewhere = record(hub, other);
    await committed(park);
    await Promise.all([first.until(1), second.until(1)]);
    // Another topic's change, committed after, arrives after: by then a stray one would be there too.
    await committed(other);
    await elsewhere.until(1);
    expect([first.times.length, second.times.length, elsewhere.times.length]).toEqual([1, 1, 1]);
    for (const subscription of [first, second, elsewhere]) subscription.unsubscribe();
  });

  it("never announces a rolled-back transaction's change", async () => {
    const rolledBack = topicOf("attraction");
    const marker = topicOf("attraction");
    const lost = record(hub, rolledBack);
    const after = record(hub, marker);
    await expect(
      database.db.transaction(async (tx) => {
        await notifyLive(tx, rolledBack);
        tx.rollback();
      }),
    ).rejects.toThrow();
    // Notifications arrive in commit order: once the later one is here, the rolled-back one would be too.
    await committed(marker);
    await after.until(1);
    await sleep(100);
    expect(lost.times).toEqual([]);
    lost.unsubscribe();
    after.unsubscribe();
  });

  it("coalesces a burst into one change at once and one at the end of the window", async () => {
    const park = topicOf("park");
    const changes = record(hub, park);
    const started = performance.now();
    for (let vote = 0; vote < 10; vote++) await committed(park);
    const burstMs = performance.now() - started;
    await changes.until(1);
    await sleep(600);
    // Ten commits within the 250 ms window give two changes; a slow database may spread them over more windows.
    expect(changes.times.length).toBeGreaterThanOrEqual(2);
    expect(changes.times.length).toBeLessThanOrEqual(2 + Math.floor(burstMs / 250));
    for (let index = 1; index < changes.times.length; index++) {
      expect(changes.times[index]! - changes.times[index - 1]!).toBeGreaterThanOrEqual(240);
    }
    changes.unsubscribe();
  });

  it("stops calling a subscriber once it unsubscribed", async () => {
    const park = topicOf("park");
    const gone = record(hub, park);
    gone.unsubscribe();
    const marker = topicOf("park");
    const after = record(hub, marker);
    await committed(park);
    await committed(marker);
    await after.until(1);
    expect(gone.times).toEqual([]);
    after.unsubscribe();
  });

  it("tells every watcher of every change at once, uncoalesced, on each process sharing the database (the kept pages drop on it)", async () => {
    // A second hub with its own LISTEN stands for a second server process.
    const otherProcess = await createLiveHub(database.listen, logger);
    try {
      const seen = { here: 0, there: 0 };
      const stopHere = hub.watchEveryChange(() => (seen.here += 1));
      otherProcess.watchEveryChange(() => (seen.there += 1));
      // Nobody subscribes to these topics; two changes of one topic within the coalescing window both count.
      const park = topicOf("park");
      await committed(park);
      await committed(park);
      await committed(topicOf("attraction"));
      await expect.poll(() => ({ ...seen }), { timeout: 5_000 }).toEqual({ here: 3, there: 3 });
      stopHere();
      await committed(park);
      await expect.poll(() => seen.there, { timeout: 5_000 }).toBe(4);
      expect(seen.here).toBe(3);
    } finally {
      await otherProcess.close();
    }
  });

  it("counts each client's open streams", async () => {
    const limited = await createLiveHub(database.listen, logger, { maxStreamsPerClient: 2 });
    const first = limited.admit("192.0.2.7");
    const second = limited.admit("192.0.2.7");
    expect(first && second).toBeTruthy();
    expect(limited.admit("192.0.2.7")).toBeNull();
    expect(limited.admit("192.0.2.8")).not.toBeNull();
    first!();
    first!();
    expect(limited.admit("192.0.2.7")).not.toBeNull();
    expect(limited.admit("192.0.2.7")).toBeNull();
    await limited.close();
    expect(limited.streamsEnded.aborted).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE === "postgres")("the live hub on a PostgreSQL server", () => {
  it("listens again after losing its connection, and tells every open topic it may have missed a change", async () => {
    const park = topicOf("park");
    const changes = record(hub, park);
    const [listener] = await queryRows<{ pid: number }>(
      database.db,
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'listen%'`,
    );
    expect(listener).toBeDefined();
    await database.db.execute(sql`SELECT pg_terminate_backend(${listener!.pid})`);
    // The catch-up change for the topic, once postgres.js has reconnected and listens again.
    await changes.until(1, 10_000);
    await sleep(300);
    await committed(park);
    await changes.until(2, 10_000);
    changes.unsubscribe();
  });
});

describe("GET /api/live", () => {
  function get(query: string, options: { target?: LiveHub; signal?: AbortSignal; ip?: string } = {}) {
    const request = new Request(`http://parcours.test/api/live?${query}`, {
      headers: { [CLIENT_IP_HEADER]: options.ip ?? "192.0.2.1" },
      signal: options.signal,
    });
    const context = { liveHub: options.target ?? hub };
    return loader({ request, params: {}, context } as unknown as Parameters<typeof loader>[0]) as Response;
  }

  /** Reads the stream until `text` has come, or fails after `ms`. */
  async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string, ms = 5_000) {
    const decoder = new TextDecoder();
    let received = "";
    const deadline = setTimeout(() => void reader.cancel(), ms);
    try {
      while (!received.includes(text)) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`stream ended before ${JSON.stringify(text)}; got ${JSON.stringify(received)}`);
        received += decoder.decode(value, { stream: true });
      }
    } finally {
      clearTimeout(deadline);
    }
    return received;
  }

  it("refuses a missing, malformed or third topic", () => {
    const park = topicOf("park");
    for (const query of [
      "",
      "topic=park:42",
      `topic=${park.toUpperCase()}`,
      `topic=user:${crypto.randomUUID()}`,
      `topic=${park}&topic=${topicOf("attraction")}&topic=${topicOf("park")}`,
    ]) {
      expect(get(query).status, query).toBe(400);
    }
  });

  it("streams one change event per committed change of its topics, without caching or buffering", async () => {
    const park = topicOf("park");
    const ride = topicOf("attraction");
    const controller = new AbortController();
    const response = get(`topic=${park}&topic=${ride}`, { signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");
    const reader = response.body!.getReader();
    const opening = await readUntil(reader, "\n\n");
    expect(opening).toMatch(/^retry: 3000\n: /);

    await committed(ride);
    expect(await readUntil(reader, "\n\n")).toBe(`event: change\ndata: ${ride}\n\n`);
    await committed(park);
    expect(await readUntil(reader, "\n\n")).toBe(`event: change\ndata: ${park}\n\n`);

    // The browser leaves: the stream ends and its topics are no longer followed.
    controller.abort();
    expect((await reader.read()).done).toBe(true);
  });

  it("limits each client's streams, and gives a stream back when its browser leaves", async () => {
    const limited = await createLiveHub(database.listen, logger, { maxStreamsPerClient: 1 });
    const park = topicOf("park");
    const controller = new AbortController();
    const first = get(`topic=${park}`, { target: limited, signal: controller.signal });
    expect(first.status).toBe(200);
    expect(get(`topic=${park}`, { target: limited }).status).toBe(429);
    expect(get(`topic=${park}`, { target: limited, ip: "192.0.2.99" }).status).toBe(200);
    controller.abort();
    expect(get(`topic=${park}`, { target: limited }).status).toBe(200);
    await limited.close();
  });

  it("ends its streams when the server stops, so browsers reconnect to another process", async () => {
    const stopping = await createLiveHub(database.listen, logger);
    const response = get(`topic=${topicOf("park")}`, { target: stopping });
    const reader = response.body!.getReader();
    await readUntil(reader, "\n\n");
    stopping.endStreams();
    // The last words tell the browser when to come back, 3 to 6 s later (spread over the process's streams).
    const last = await reader.read();
    const retry = /^retry: (\d+)\n/.exec(new TextDecoder().decode(last.value));
    expect(Number(retry?.[1])).toBeGreaterThanOrEqual(3000);
    expect(Number(retry?.[1])).toBeLessThan(6000);
    expect((await reader.read()).done).toBe(true);
    expect(get(`topic=${topicOf("park")}`, { target: stopping }).status).toBe(503);
    await stopping.close();
  });
});
