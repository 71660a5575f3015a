import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "~/server/accounts/sign-in";
import { reactivateMember, suspendMember } from "~/server/auth/suspension";
import { callAuth } from "~/server/auth/call-auth";
import * as schema from "~/server/db/schema";
import { cookieFrom, createAuthContext } from "../support/auth-context";
import { createMemberWithPassword, MEMBER_PASSWORD } from "../support/factories";
import { startSmtpCapture } from "../support/smtp-capture";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const PASSWORD = MEMBER_PASSWORD;
let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let harness: ReturnType<typeof createAuthContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpCapture();
  harness = createAuthContext(database, { SMTP_URL: smtp.url });
});
afterAll(async () => {
  await database.close();
  await smtp.close();
});

const createMember = () => createMemberWithPassword(database.db);

async function signIn(email: string, password = PASSWORD, ip?: string) {
  return signInWithPassword(harness.context, harness.browserRequest("/fr/login", { ip }), email, password);
}

describe("password sign-in", () => {
  it("opens a session for the right password", async () => {
    const member = await createMember();
    const outcome = await signIn(member.email);
    if (outcome.kind !== "signed-in") throw new Error(outcome.kind);
    expect((await harness.currentUser(cookieFrom(outcome.setCookies)))?.id).toBe(member.id);
  });

  it("refuses a wrong password and an unknown address alike", async () => {
    const member = await createMember();
    expect(await signIn(member.email, "Mauvais2026")).toEqual({ kind: "refused" });
    expect(await signIn("nobody@example.com")).toEqual({ kind: "refused" });
  });

  it("throttles 200 rapid wrong passwords from one address after 150", async () => {
    const member = await createMember();
    const outcomes: string[] = [];
    for (let batch = 0; batch < 20; batch++) {
      // A different address typed each time: the per-account limit (sign-in-throttle.ts) is not what this test is about.
      const results = await Promise.all(Array.from({ length: 10 }, (_, index) => signIn(`nobody-${batch}-${index}@example.com`, "Mauvais2026", "198.51.100.7")));
      outcomes.push(...results.map((result) => result.kind));
    }
    expect(outcomes.filter((kind) => kind === "refused")).toHaveLength(150);
    expect(outcomes.filter((kind) => kind === "rate-limited")).toHaveLength(50);
    // Another address is not affected, and neither is the right password from it.
    expect((await signIn(member.email, PASSWORD, "198.51.100.8")).kind).toBe("signed-in");
    // 150 password hashes: about 20 s on a quiet machine, past the default 60 s at a load average of 15 (seen in CI runs).
  }, 240_000);
});

describe("suspension", () => {
  it("ends the member's sessions and refuses sign-in with the reason, until reactivated", async () => {
    const member = await createMember();
    const before = await signIn(member.email);
    if (before.kind !== "signed-in") throw new Error(before.kind);
    const cookie = cookieFrom(before.setCookies);

    await suspendMember(database.db, member.id, "Spam répété");
    expect(await harness.currentUser(cookie)).toBeNull();
    const sessions = await database.db.select().from(schema.sessions).where(eq(schema.sessions.userId, member.id));
    expect(sessions).toHaveLength(0);
    expect(await signIn(member.email)).toEqual({ kind: "suspended", reason: "Spam répété" });

    await reactivateMember(database.db, member.id);
    expect((await signIn(member.email)).kind).toBe("signed-in");
  });

  it("tells the reason only after the right password: a wrong one gets what any wrong password gets", async () => {
    const active = await createMember();
    const suspended = await createMember();
    await suspendMember(database.db, suspended.id, "Raison confidentielle");
    const attempt = async (email: string, password: string) => {
      const result = await callAuth(harness.context, harness.browserRequest("/fr/login"), "/sign-in/email", { email, password, rememberMe: true });
      return { status: result.status, body: result.body, cookies: result.setCookies };
    };
    const wrongForActive = await attempt(active.email, "Mauvais2026");
    const wrongForSuspended = await attempt(suspended.email, "Mauvais2026");
    expect(wrongForActive.status).toBe(401);
    expect(wrongForSuspended).toEqual(wrongForActive);
    expect(JSON.stringify(wrongForSuspended)).not.toContain("Raison confidentielle");
    expect(await signIn(suspended.email, "Mauvais2026")).toEqual({ kind: "refused" });
    // The right password: the reason, and no session.
    expect(await signIn(suspended.email)).toEqual({ kind: "suspended", reason: "Raison confidentielle" });
    expect(await database.db.select().from(schema.sessions).where(eq(schema.sessions.userId, suspended.id))).toHaveLength(0);
  });

  it("needs a reason", async () => {
    const member = await createMember();
    await expect(suspendMember(database.db, member.id, "  ")).rejects.toThrow(/reason/);
  });
});

describe("sessions", () => {
  it("end on logout on the server: the old cookie no longer works", async () => {
    const member = await createMember();
    const outcome = await signIn(member.email);
    if (outcome.kind !== "signed-in") throw new Error(outcome.kind);
    const cookie = cookieFrom(outcome.setCookies);
    await callAuth(harness.context, harness.browserRequest("/logout", { cookie }), "/sign-out");
    expect(await harness.currentUser(cookie)).toBeNull();
  });

  it("end everywhere at once when asked", async () => {
    const member = await createMember();
    const cookies = [];
    for (let device = 0; device < 3; device++) {
      const outcome = await signIn(member.email);
      if (outcome.kind !== "signed-in") throw new Error(outcome.kind);
      cookies.push(cookieFrom(outcome.setCookies));
    }
    await callAuth(harness.context, harness.browserRequest("/fr/account", { cookie: cookies[0] }), "/revoke-sessions");
    for (const cookie of cookies) expect(await harness.currentUser(cookie)).toBeNull();
  });

  it("never outlive 30 days, however active", async () => {
    const member = await createMember();
    const outcome = await signIn(member.email);
    if (outcome.kind !== "signed-in") throw new Error(outcome.kind);
    await database.db
      .update(schema.sessions)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(schema.sessions.userId, member.id));
    expect(await harness.currentUser(cookieFrom(outcome.setCookies))).toBeNull();
  });
});

describe("password reset", () => {
  const resetLink = (text: string) => /http:\/\/parcours\.test\/api\/auth\/reset-password\/\S+/.exec(text)?.[0];

  it("mails a single-use link that sets a new password and ends other sessions", async () => {
    const member = await createMember();
    const other = await signIn(member.email);
    if (other.kind !== "signed-in") throw new Error(other.kind);

    const asked = await callAuth(harness.context, harness.browserRequest("/fr/login"), "/request-password-reset", {
      email: member.email,
      redirectTo: "http://parcours.test/fr/reset-password",
    });
    expect(asked.status).toBe(200);
    const mail = smtp.messages.find((message) => message.to === member.email);
    expect(mail?.subject).toBe("Réinitialisation de votre mot de passe Parcours");
    const link = resetLink(mail!.text);
    expect(link).toBeDefined();

    // The link checks the token and lands on the reset page with it.
    const landing = await harness.auth.handler(harness.browserRequest(new URL(link!).pathname + new URL(link!).search));
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get("location")!, "http://parcours.test");
    expect(target.pathname).toBe("/fr/reset-password");
    const token = target.searchParams.get("token")!;

    const reset = await callAuth(harness.context, harness.browserRequest("/fr/reset-password"), "/reset-password", { newPassword: "Nouveau2026", token });
    expect(reset.status).toBe(200);
    expect(await harness.currentUser(cookieFrom(other.setCookies))).toBeNull();
    expect((await signIn(member.email, "Nouveau2026")).kind).toBe("signed-in");
    expect(await signIn(member.email, PASSWORD)).toEqual({ kind: "refused" });

    const again = await callAuth(harness.context, harness.browserRequest("/fr/reset-password"), "/reset-password", { newPassword: "Encore2026a", token });
    expect(again.status).toBe(400);
  });

  it("answers the same for an unknown address, and sends one e-mail a minute per address", async () => {
    const member = await createMember();
    const ask = (email: string) =>
      callAuth(harness.context, harness.browserRequest("/fr/login", { ip: "203.0.113.50" }), "/request-password-reset", {
        email,
        redirectTo: "http://parcours.test/fr/reset-password",
      });
    const unknown = await ask("nobody-here@example.com");
    const known = await ask(member.email);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await ask(member.email);
    expect(smtp.messages.filter((message) => message.to === member.email)).toHaveLength(1);
    expect(smtp.messages.filter((message) => message.to === "nobody-here@example.com")).toHaveLength(0);
  });

  it("writes the e-mail in the language of the page it was asked from", async () => {
    const member = await createMember();
    await callAuth(harness.context, harness.browserRequest("/en/login", { ip: "203.0.113.51" }), "/request-password-reset", {
      email: member.email,
      redirectTo: "http://parcours.test/en/reset-password",
    });
    expect(smtp.messages.find((message) => message.to === member.email)?.subject).toBe("Reset your Parcours password");
  });
});
