import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOGLE_PROVIDER_ID } from "~/server/auth/auth";
import { callAuth } from "~/server/auth/call-auth";
import * as schema from "~/server/db/schema";
import { cookieFrom, createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { startOidcProvider } from "../support/oidc-provider";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let harness: ReturnType<typeof createAuthContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = await startOidcProvider();
  harness = createAuthContext(database, {
    GOOGLE_CLIENT_ID: "parcours-test",
    GOOGLE_CLIENT_SECRET: "secret",
    GOOGLE_DISCOVERY_URL: provider.discoveryUrl,
  });
});
afterAll(async () => {
  await provider.close();
  await database.close();
});

/** The browser's round trip: our start, the provider's consent, our callback. Returns where it ends. */
async function signInWithGoogle(): Promise<{ location: string; cookie: string }> {
  const start = await callAuth(harness.context, harness.browserRequest("/fr/login/google"), "/sign-in/social", {
    provider: GOOGLE_PROVIDER_ID,
    callbackURL: `${TEST_ORIGIN}/fr/`,
    errorCallbackURL: `${TEST_ORIGIN}/fr/login?error=google`,
  });
  expect(start.status).toBe(200);
  const consent = await fetch(String(start.body!.url), { redirect: "manual" });
  const callback = new URL(consent.headers.get("location")!);
  expect(callback.origin).toBe(TEST_ORIGIN);
  const back = await harness.auth.handler(
    harness.browserRequest(callback.pathname + callback.search, { cookie: cookieFrom(start.setCookies) }),
  );
  return { location: back.headers.get("location") ?? "", cookie: cookieFrom(back.headers.getSetCookie()) };
}

describe("Google sign-in (OpenID Connect)", () => {
  it("creates an account with a username made from the Google name, and signs it in", async () => {
    provider.setIdentity({ sub: "g-100", email: "jean.dupont@example.com", email_verified: true, name: "Jean Dupont" });
    const result = await signInWithGoogle();
    expect(result.location).toBe(`${TEST_ORIGIN}/fr/`);
    const member = await harness.currentUser(result.cookie);
    expect(member?.username).toBe("Jean_Dupont");
  });

  it("links to an existing account when Google reports the e-mail verified", async () => {
    const id = crypto.randomUUID();
    await database.db.insert(schema.users).values({ id, name: "Existant", email: "existing@example.com", emailVerified: true });
    provider.setIdentity({ sub: "g-200", email: "existing@example.com", email_verified: true, name: "Someone" });
    const result = await signInWithGoogle();
    expect((await harness.currentUser(result.cookie))?.id).toBe(id);
    const accounts = await database.db.select().from(schema.accounts).where(eq(schema.accounts.userId, id));
    expect(accounts.map((account) => account.providerId)).toContain(GOOGLE_PROVIDER_ID);
  });

  it("refuses to link when the e-mail is not verified, back on the login page with the Google error", async () => {
    const id = crypto.randomUUID();
    await database.db.insert(schema.users).values({ id, name: "Prudent", email: "careful@example.com", emailVerified: true });
    provider.setIdentity({ sub: "g-300", email: "careful@example.com", email_verified: false, name: "Impostor" });
    const result = await signInWithGoogle();
    expect(result.location).toMatch(/^http:\/\/parcours\.test\/fr\/login\?error=/);
    expect(await harness.currentUser(result.cookie)).toBeNull();
    const accounts = await database.db.select().from(schema.accounts).where(eq(schema.accounts.userId, id));
    expect(accounts).toHaveLength(0);
  });
});
