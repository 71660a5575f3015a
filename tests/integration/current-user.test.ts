import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth, type Auth } from "~/server/auth/auth";
import { resolveCurrentUser } from "~/server/auth/current-user";
import { loadConfig } from "~/server/config";
import { createMailer } from "~/server/mail/mailer";
import pino from "pino";
import * as schema from "~/server/db/schema";
import { createMemberWithPassword, MEMBER_PASSWORD } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const config = loadConfig({ PUBLIC_URL: "http://parcours.test", ADMIN_EMAIL: "Boss@Parcours.test" });
const PASSWORD = MEMBER_PASSWORD;
let database: TestDatabase;
let auth: Auth;

beforeAll(async () => {
  database = await createTestDatabase();
  auth = createAuth(database.db, config, crypto.randomBytes(32).toString("hex"), createMailer({ smtpUrl: undefined, from: "test@parcours.test", outboxDir: null, logger: pino({ level: "silent" }) }), () => {});
});
afterAll(async () => {
  await database.close();
});

async function createAccount(email: string, username: string) {
  return (await createMemberWithPassword(database.db, email, username)).id;
}

/** Signs in through better-auth's HTTP handler and returns the browser's Cookie header. */
async function signIn(email: string): Promise<Headers> {
  const response = await auth.handler(
    new Request("http://parcours.test/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://parcours.test", "x-parcours-client-ip": "10.0.0.1" },
      body: JSON.stringify({ email, password: PASSWORD }),
    }),
  );
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
  return new Headers({ cookie });
}

describe("the signed-in member of a request", () => {
  it("is nobody without a session cookie, or with a forged one", async () => {
    expect((await resolveCurrentUser(auth, database.db, config, new Headers())).user).toBeNull();
    const forged = new Headers({ cookie: "parcours.session_token=forged.value" });
    expect((await resolveCurrentUser(auth, database.db, config, forged)).user).toBeNull();
  });

  it("is a member without the admin role when the e-mail is not ADMIN_EMAIL", async () => {
    const id = await createAccount("member@parcours.test", "Membre");
    const { user } = await resolveCurrentUser(auth, database.db, config, await signIn("member@parcours.test"));
    expect(user).toEqual({ id, username: "Membre", isAdmin: false, adminAddressUnconfirmed: false, twoFactorEnabled: false });
  });

  it("holds the admin role when the e-mail is ADMIN_EMAIL, whatever its case, once confirmed", async () => {
    const id = await createAccount("boss@parcours.test", "Patron");
    const { user } = await resolveCurrentUser(auth, database.db, config, await signIn("boss@parcours.test"));
    expect(user).toEqual({ id, username: "Patron", isAdmin: true, adminAddressUnconfirmed: false, twoFactorEnabled: false });
  });

  it("does not hold the admin role while ADMIN_EMAIL's address is unconfirmed (whoever signed up with it first)", async () => {
    const founder = loadConfig({ PUBLIC_URL: "http://parcours.test", ADMIN_EMAIL: "Founder@Parcours.test" });
    const id = await createAccount("founder@parcours.test", "Intrus");
    await database.db.update(schema.users).set({ emailVerified: false }).where(eq(schema.users.id, id));
    const headers = await signIn("founder@parcours.test");
    expect((await resolveCurrentUser(auth, database.db, founder, headers)).user).toEqual({
      id,
      username: "Intrus",
      isAdmin: false,
      adminAddressUnconfirmed: true,
      twoFactorEnabled: false,
    });
    // Once the address is confirmed, the same session holds the role at its next request.
    await database.db.update(schema.users).set({ emailVerified: true }).where(eq(schema.users.id, id));
    expect((await resolveCurrentUser(auth, database.db, founder, headers)).user).toMatchObject({ isAdmin: true, adminAddressUnconfirmed: false });
  });

  it("is nobody once the member is suspended", async () => {
    const id = await createAccount("suspended@parcours.test", "Suspendu");
    const headers = await signIn("suspended@parcours.test");
    await database.db.update(schema.profiles).set({ isSuspended: true, suspensionReason: "Spam" }).where(eq(schema.profiles.id, id));
    expect((await resolveCurrentUser(auth, database.db, config, headers)).user).toBeNull();
  });

  it("keeps rate-limit counters in the database", async () => {
    const rows = await database.db.select().from(schema.rateLimits);
    expect(rows.some((row) => row.key.includes("10.0.0.1"))).toBe(true);
  });
});
