import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { changeEmail } from "~/server/accounts/account-settings";
import { signUp } from "~/server/accounts/sign-up";
import { GOOGLE_PROVIDER_ID } from "~/server/auth/auth";
import { callAuth } from "~/server/auth/call-auth";
import * as schema from "~/server/db/schema";
import { action as accountAction } from "~/routes/account";
import { loader as confirmEmailLoader } from "~/routes/confirm-email";
import { cookieFrom, createAuthContext, solvedCaptcha, TEST_ORIGIN } from "../support/auth-context";
import { createMemberWithPassword, MEMBER_PASSWORD } from "../support/factories";
import { startOidcProvider } from "../support/oidc-provider";
import { startSmtpCapture, type CapturedMail } from "../support/smtp-capture";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let harness: ReturnType<typeof createAuthContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpCapture();
  provider = await startOidcProvider();
  harness = createAuthContext(database, {
    SMTP_URL: smtp.url,
    GOOGLE_CLIENT_ID: "parcours-test",
    GOOGLE_CLIENT_SECRET: "secret",
    GOOGLE_DISCOVERY_URL: provider.discoveryUrl,
  });
});
afterAll(async () => {
  await provider.close();
  await smtp.close();
  await database.close();
});

/** The latest e-mail to `to` whose subject matches, once the capture server has it. */
async function mailTo(to: string, subject: RegExp): Promise<CapturedMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = smtp.messages.findLast((mail) => mail.to === to && subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail "${subject}" to ${to}`);
}

const mailsTo = (to: string) => smtp.messages.filter((mail) => mail.to === to);

function linkIn(mail: CapturedMail): URL {
  const link = mail.text.match(/https?:\/\/\S+\/confirm-email\?\S+/)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
  return new URL(link);
}

/** Opens a confirmation link as a browser would: the page's loader, with this browser's cookies. */
async function openLink(link: URL, cookie = "") {
  const request = harness.browserRequest(link.pathname + link.search, { cookie });
  return confirmEmailLoader({ request, context: harness.context, params: {} } as Parameters<typeof confirmEmailLoader>[0]);
}

/** A sign-up through the sign-up page's service (captcha included); the new member's session cookie. */
async function signUpAs(email: string, username: string, page = "/fr/signup") {
  const form = new FormData();
  for (const [name, value] of Object.entries({ username, email, password: "Pirate2026", confirmPassword: "Pirate2026" })) form.set(name, value);
  form.set("altcha", await solvedCaptcha(harness.context.authSecret));
  const outcome = await signUp(harness.context, harness.browserRequest(page), form);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  const cookie = cookieFrom(outcome.setCookies);
  return { cookie, id: (await harness.currentUser(cookie))!.id };
}

/** The browser's Google round trip: our start, the provider's consent, our callback. */
async function signInWithGoogle(): Promise<{ location: string; cookie: string }> {
  const start = await callAuth(harness.context, harness.browserRequest("/fr/login/google"), "/sign-in/social", {
    provider: GOOGLE_PROVIDER_ID,
    callbackURL: `${TEST_ORIGIN}/fr/`,
    errorCallbackURL: `${TEST_ORIGIN}/fr/login?error=google`,
  });
  const consent = await fetch(String(start.body!.url), { redirect: "manual" });
  const callback = new URL(consent.headers.get("location")!);
  const back = await harness.auth.handler(
    harness.browserRequest(callback.pathname + callback.search, { cookie: cookieFrom(start.setCookies) }),
  );
  return { location: back.headers.get("location") ?? "", cookie: cookieFrom(back.headers.getSetCookie()) };
}

async function storedUser(id: string) {
  const [user] = await database.db.select().from(schema.users).where(eq(schema.users.id, id));
  return user!;
}

const googleAccountsOf = async (userId: string) =>
  database.db
    .select()
    .from(schema.accounts)
    .where(and(eq(schema.accounts.userId, userId), eq(schema.accounts.providerId, GOOGLE_PROVIDER_ID)));

/** Moves the account's sent confirmation e-mails into the past, as if that much time had gone by. */
async function timePasses(userId: string, seconds: number) {
  await database.db
    .update(schema.userWriteLimits)
    .set({ recent: sql`array(SELECT at - make_interval(secs => ${seconds}) FROM unnest(${schema.userWriteLimits.recent}) AS at)` })
    .where(eq(schema.userWriteLimits.userId, userId));
}

/** The account page's resend button, through the page's action: its status and its data. */
const resend = async (cookie: string) => {
  const answer = (await accountAction({
    request: harness.browserRequest("/fr/account", { cookie, form: { intent: "resend-confirmation" } }),
    context: { ...harness.context, currentUser: await harness.currentUser(cookie) },
    params: {},
  } as Parameters<typeof accountAction>[0])) as { data: unknown; init: ResponseInit | null };
  return { status: answer.init?.status ?? 200, data: answer.data };
};

describe("account pre-hijack (decision 0025)", () => {
  it("refuses to join a Google identity to an account whose address nobody confirmed", async () => {
    // The attacker signs up first with the victim's address and a password of their own.
    const attacker = await signUpAs("victime@example.com", "Pirate_1");
    expect((await storedUser(attacker.id)).emailVerified).toBe(false);

    // The day the victim signs in with Google (Google vouches for the address), they are refused…
    provider.setIdentity({ sub: "g-victim", email: "victime@example.com", email_verified: true, name: "Victime" });
    const google = await signInWithGoogle();
    expect(new URL(google.location).pathname).toBe("/fr/login");
    expect(new URL(google.location).searchParams.getAll("error")).toContain("account_not_linked");
    // …with no session in the attacker's account, and Google is not joined to it.
    expect(await harness.currentUser(google.cookie)).toBeNull();
    expect(await googleAccountsOf(attacker.id)).toHaveLength(0);
    // The attacker's password keeps opening only an account that Google never entered.
    expect((await harness.currentUser(attacker.cookie))?.id).toBe(attacker.id);
  });

  it("joins Google once the address is confirmed by its link", async () => {
    const member = await signUpAs("confirme@example.com", "Confirme_1");
    const mail = await mailTo("confirme@example.com", /Confirmez votre adresse/);
    const link = linkIn(mail);
    expect(link.origin + link.pathname).toBe(`${TEST_ORIGIN}/fr/confirm-email`);
    expect(mail.text).toContain("24 heures");

    // Opened in another browser, without a session: it confirms, and opens none.
    expect(await openLink(link)).toMatchObject({ ok: true, key: "confirmEmail.confirmed" });
    expect((await storedUser(member.id)).emailVerified).toBe(true);

    provider.setIdentity({ sub: "g-confirme", email: "confirme@example.com", email_verified: true, name: "Confirme" });
    const google = await signInWithGoogle();
    expect(google.location).toBe(`${TEST_ORIGIN}/fr/`);
    expect((await harness.currentUser(google.cookie))?.id).toBe(member.id);
    expect(await googleAccountsOf(member.id)).toHaveLength(1);
  });
});

describe("the address confirmation link", () => {
  it("is written in the sign-up page's language", async () => {
    await signUpAs("english@example.com", "English_1", "/en/signup");
    const link = linkIn(await mailTo("english@example.com", /Confirm your Parcours/));
    expect(link.pathname).toBe("/en/confirm-email");
  });

  it("expires after 24 hours", async () => {
    const member = await signUpAs("tardif@example.com", "Tardif_1");
    const link = linkIn(await mailTo("tardif@example.com", /Confirmez/));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * 3600 * 1000 + 60_000 });
    try {
      expect(await openLink(link)).toMatchObject({ ok: false, key: "confirmEmail.expired" });
    } finally {
      vi.useRealTimers();
    }
    expect((await storedUser(member.id)).emailVerified).toBe(false);
  });

  it("answers a forged or missing token with a message, never an error", async () => {
    expect(await openLink(new URL(`${TEST_ORIGIN}/fr/confirm-email?token=forged`))).toMatchObject({ ok: false, key: "confirmEmail.invalid" });
    expect(await openLink(new URL(`${TEST_ORIGIN}/fr/confirm-email?change=no-dot`))).toMatchObject({ ok: false, key: "confirmEmail.invalid" });
    expect(await openLink(new URL(`${TEST_ORIGIN}/fr/confirm-email`))).toMatchObject({ ok: false, key: "confirmEmail.invalid" });
  });

  it("is resent from the account page at most once a minute, and not once confirmed", async () => {
    const member = await signUpAs("renvoi@example.com", "Renvoi_1");
    await mailTo("renvoi@example.com", /Confirmez/);
    // The sign-up's e-mail was sent a moment ago.
    expect(await resend(member.cookie)).toMatchObject({ status: 429, data: { errors: { form: [{ key: "account.email.tooSoon" }] } } });
    expect(mailsTo("renvoi@example.com")).toHaveLength(1);

    await timePasses(member.id, 61);
    expect(await resend(member.cookie)).toMatchObject({ status: 200, data: { success: { key: "account.email.resent" } } });
    await vi.waitFor(() => expect(mailsTo("renvoi@example.com")).toHaveLength(2));
    // better-auth's endpoint, called directly, stays silent but sends nothing within the minute.
    const direct = await callAuth(harness.context, harness.browserRequest("/fr/account"), "/send-verification-email", { email: "renvoi@example.com" });
    expect(direct.status).toBe(200);

    expect(await openLink(linkIn(mailsTo("renvoi@example.com")[1]!))).toMatchObject({ ok: true });
    await timePasses(member.id, 61);
    expect(await resend(member.cookie)).toMatchObject({ status: 409, data: { errors: { form: [{ key: "account.email.alreadyVerified" }] } } });
    expect(mailsTo("renvoi@example.com")).toHaveLength(2);
  });
});

describe("changing the e-mail address", () => {
  async function signedInMember() {
    const member = await createMemberWithPassword(database.db);
    return { ...member, cookie: await harness.signIn(member.email, MEMBER_PASSWORD) };
  }
  const requestChange = (member: { id: string; username: string; cookie: string }, email: string) =>
    changeEmail(harness.context, harness.browserRequest("/fr/account", { cookie: member.cookie }), member, {
      email,
      currentPassword: MEMBER_PASSWORD,
    });

  it("takes effect only when the new address confirms; the old address is told", async () => {
    const member = await signedInMember();
    const newEmail = `Moved.${member.id.slice(0, 8)}@Example.com`.toLowerCase();
    expect(await requestChange(member, newEmail.toUpperCase())).toEqual({ ok: true, email: newEmail });

    // Nothing changed yet: the member still signs in with the old address.
    expect((await storedUser(member.id)).email).toBe(member.email);
    expect(await harness.signIn(member.email, MEMBER_PASSWORD)).toBeTruthy();
    const notice = await mailTo(member.email, /Changement d'adresse email demandé/);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toMatch(/confirm-email/);

    const link = linkIn(await mailTo(newEmail, /Confirmez votre nouvelle adresse/));
    expect(await openLink(link)).toMatchObject({ ok: true, key: "confirmEmail.changed", email: newEmail });
    expect(await storedUser(member.id)).toMatchObject({ email: newEmail, emailVerified: true });
    expect(await harness.signIn(newEmail, MEMBER_PASSWORD)).toBeTruthy();
    await expect(harness.signIn(member.email, MEMBER_PASSWORD)).rejects.toThrow("refused");
    // A link works once.
    expect(await openLink(link)).toMatchObject({ ok: false, key: "confirmEmail.invalid" });
  });

  it("keeps only the latest request, refuses an expired link, and an address taken meanwhile", async () => {
    const member = await signedInMember();
    await requestChange(member, "premier-choix@example.com");
    await timePasses(member.id, 61);
    await requestChange(member, "second-choix@example.com");
    const first = linkIn(await mailTo("premier-choix@example.com", /Confirmez/));
    expect(await openLink(first)).toMatchObject({ ok: false, key: "confirmEmail.invalid" });

    const second = linkIn(await mailTo("second-choix@example.com", /Confirmez/));
    await database.db
      .update(schema.verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(like(schema.verifications.identifier, `change-email:${member.id}:%`));
    expect(await openLink(second)).toMatchObject({ ok: false, key: "confirmEmail.expired" });

    await timePasses(member.id, 61);
    await requestChange(member, "convoitee@example.com");
    await createMemberWithPassword(database.db, "convoitee@example.com");
    expect(await openLink(linkIn(await mailTo("convoitee@example.com", /Confirmez/)))).toMatchObject({ ok: false, key: "account.email.taken" });
    expect((await storedUser(member.id)).email).toBe(member.email);
  });

  it("sends at most one request's e-mails a minute", async () => {
    const member = await signedInMember();
    expect(await requestChange(member, "vite@example.com")).toMatchObject({ ok: true });
    expect(await requestChange(member, "trop-vite@example.com")).toMatchObject({
      ok: false,
      reason: "tooMany",
      errors: { email: [{ key: "account.email.tooSoon" }] },
    });
    expect(mailsTo("trop-vite@example.com")).toHaveLength(0);
  });
});
