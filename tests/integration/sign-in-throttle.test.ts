import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "~/server/accounts/sign-in";
import { CLIENT_IP_HEADER } from "~/server/auth/auth";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createMemberWithPassword, MEMBER_PASSWORD } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Decision 0040: password sign-ins are limited per account too, not only per client address —
 * 10 attempts that open no session per address typed in 15 minutes, from any number of client
 * addresses, counted in the database; an unknown address is answered exactly as a known one.
 */
let database: TestDatabase;
let harness: ReturnType<typeof createAuthContext>;
let nextAddress = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  harness = createAuthContext(database);
});
afterAll(async () => {
  await database.close();
});

/** Each attempt from a client address of its own: better-auth's per-address limit never applies. */
function signIn(email: string, password: string) {
  nextAddress += 1;
  return signInWithPassword(harness.context, harness.browserRequest("/fr/login", { ip: `203.0.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}` }), email, password);
}

/** better-auth's own endpoint, as a script would call it, in English. */
async function signInEndpoint(email: string, password: string) {
  nextAddress += 1;
  const response = await harness.context.auth.handler(
    new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        origin: TEST_ORIGIN,
        "content-type": "application/json",
        "accept-language": "en",
        [CLIENT_IP_HEADER]: `2001:db8:${nextAddress.toString(16)}::1`,
      },
      body: JSON.stringify({ email, password }),
    }),
  );
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as Record<string, unknown> };
}

async function windowPasses() {
  await database.db.execute(sql`UPDATE rate_limit SET last_request = last_request - ${15 * 60 * 1000 + 1000} WHERE key LIKE 'sign-in|%'`);
}

describe("password attempts per account", () => {
  it("refuses the 11th attempt on one account from 11 addresses, the right password included, with Retry-After; the right password works once the window is over", async () => {
    const member = await createMemberWithPassword(database.db);
    const outcomes = [];
    for (let attempt = 0; attempt < 10; attempt++) outcomes.push((await signIn(member.email, "Mauvais2026")).kind);
    expect(outcomes).toEqual(Array(10).fill("refused"));
    const throttled = await signIn(member.email, MEMBER_PASSWORD);
    expect(throttled.kind).toBe("rate-limited");
    const seconds = Number(throttled.kind === "rate-limited" ? throttled.retryAfter : NaN);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    // The address's case and spaces do not make another account.
    expect((await signIn(` ${member.email.toUpperCase()} `, MEMBER_PASSWORD)).kind).toBe("rate-limited");

    await windowPasses();
    expect((await signIn(member.email, MEMBER_PASSWORD)).kind).toBe("signed-in");
  }, 120_000);

  it("answers an unknown address as a known one: refused 10 times, then the same translated 429 with Retry-After", async () => {
    const member = await createMemberWithPassword(database.db);
    const answers = [];
    for (const email of [member.email, "personne@example.com"]) {
      const statuses = [];
      for (let attempt = 0; attempt < 10; attempt++) statuses.push((await signInEndpoint(email, "Mauvais2026")).status);
      expect(statuses).toEqual(Array(10).fill(401));
      answers.push(await signInEndpoint(email, "Mauvais2026"));
    }
    const [known, unknown] = answers;
    expect(known!.status).toBe(429);
    expect(known!.body).toEqual({ code: "SIGN_IN_THROTTLED", message: "Too many attempts. Please try again in a few minutes." });
    expect(Number(known!.retryAfter)).toBeGreaterThan(0);
    expect({ ...unknown, retryAfter: null }).toEqual({ ...known, retryAfter: null });
    await windowPasses();
  }, 120_000);

  it("forgets the attempts once a session is opened: 10 more before the next refusal", async () => {
    const member = await createMemberWithPassword(database.db);
    for (let attempt = 0; attempt < 9; attempt++) expect((await signIn(member.email, "Mauvais2026")).kind).toBe("refused");
    expect((await signIn(member.email, MEMBER_PASSWORD)).kind).toBe("signed-in");
    const outcomes = [];
    for (let attempt = 0; attempt < 11; attempt++) outcomes.push((await signIn(member.email, "Mauvais2026")).kind);
    expect(outcomes).toEqual([...Array(10).fill("refused"), "rate-limited"]);
  }, 120_000);
});
