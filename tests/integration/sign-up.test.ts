import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "~/server/accounts/sign-up";
import { queryRows } from "~/server/db/database";
import * as schema from "~/server/db/schema";
import { cookieFrom, createAuthContext, solvedCaptcha } from "../support/auth-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let harness: ReturnType<typeof createAuthContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  harness = createAuthContext(database);
});
afterAll(async () => {
  await database.close();
});

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

const valid = { username: "Looping_Lea", email: "lea@example.com", password: "Looping2026", confirmPassword: "Looping2026" };

describe("sign-up (docs/rules/accounts.md#sign-up)", () => {
  it("checks the fields first, before the captcha", async () => {
    const outcome = await signUp(harness.context, harness.browserRequest("/fr/signup"), form({ ...valid, username: "a", altcha: "" }));
    expect(outcome).toMatchObject({ ok: false, errors: { username: [{ key: "auth.errors.usernameTooShort" }] } });
  });

  it("then requires a solved captcha", async () => {
    const outcome = await signUp(harness.context, harness.browserRequest("/fr/signup"), form({ ...valid, altcha: "" }));
    expect(outcome).toMatchObject({ ok: false, errors: { captcha: [{ key: "auth.errors.captchaRequired" }] } });
  });

  it("creates the account with its profile and signs the member in", async () => {
    const outcome = await signUp(
      harness.context,
      harness.browserRequest("/fr/signup"),
      form({ ...valid, altcha: await solvedCaptcha(harness.context.authSecret) }),
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    const member = await harness.currentUser(cookieFrom(outcome.setCookies));
    expect(member).toMatchObject({ username: "Looping_Lea", isAdmin: false });
    const [profile] = await database.db.select().from(schema.profiles).where(eq(schema.profiles.id, member!.id));
    expect(profile?.username).toBe("Looping_Lea");
  });

  it("then refuses a username taken in another case, after the captcha", async () => {
    const outcome = await signUp(
      harness.context,
      harness.browserRequest("/fr/signup"),
      form({ ...valid, username: "looping_LEA", email: "other@example.com", altcha: await solvedCaptcha(harness.context.authSecret) }),
    );
    expect(outcome).toMatchObject({ ok: false, errors: { username: [{ key: "auth.errors.usernameTaken" }] } });
  });

  it("refuses a captcha solution used twice", async () => {
    const altcha = await solvedCaptcha(harness.context.authSecret);
    const first = await signUp(harness.context, harness.browserRequest("/fr/signup"), form({ ...valid, username: "Replay_One", email: "replay1@example.com", altcha }));
    expect(first.ok).toBe(true);
    const second = await signUp(harness.context, harness.browserRequest("/fr/signup"), form({ ...valid, username: "Replay_Two", email: "replay2@example.com", altcha }));
    expect(second).toMatchObject({ ok: false, errors: { captcha: [{ key: "auth.errors.captchaRequired" }] } });
  });

  it("gives one account when two sign-ups race for the same username", async () => {
    const attempts = await Promise.all(
      ["race1@example.com", "race2@example.com", "race3@example.com"].map(async (email) =>
        signUp(harness.context, harness.browserRequest("/fr/signup"), form({ ...valid, username: "Same_Name", email, altcha: await solvedCaptcha(harness.context.authSecret) })),
      ),
    );
    expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(1);
    for (const refused of attempts.filter((attempt) => !attempt.ok)) {
      expect(refused).toMatchObject({ errors: { username: [{ key: "auth.errors.usernameTaken" }] } });
    }
    const [counts] = await queryRows<{ profiles: number; accounts: number }>(
      database.db,
      sql`SELECT (SELECT count(*) FROM profiles WHERE lower(username) = 'same_name')::int AS profiles,
                 (SELECT count(*) FROM "user" WHERE email LIKE 'race%')::int AS accounts`,
    );
    expect(counts).toEqual({ profiles: 1, accounts: 1 });
  });
});
