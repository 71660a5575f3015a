import crypto from "node:crypto";
import { createEmailVerificationToken } from "better-auth/api";
import { desc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { action as accountAction } from "~/routes/account";
import { confirmAddress } from "~/server/accounts/email-confirmation";
import { confirmEmailChange, requestEmailChange } from "~/server/accounts/email-change";
import { deleteMemberAsAdmin, reactivateMemberAsAdmin, suspendMemberAsAdmin } from "~/server/admin/member-moderation";
import { callAuth } from "~/server/auth/call-auth";
import { resolveCurrentUser } from "~/server/auth/current-user";
import { createSessionCache, followMemberNotices, SESSION_CACHE_TTL_MS, type SessionCache } from "~/server/auth/session-cache";
import { suspendMember } from "~/server/auth/suspension";
import { countQueriesOf } from "~/server/db/query-count";
import * as schema from "~/server/db/schema";
import { createLiveHub, type LiveHub } from "~/server/live/live-hub";
import { createAuthContext } from "../support/auth-context";
import { createMemberWithPassword, MEMBER_PASSWORD } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { secretOfTotpUri, totpCode } from "../support/totp";

/**
 * The per-process cache of a session's member (decision 0058): a member looked up in the last few seconds is
 * answered without a statement; whatever ends or changes their sessions takes effect at the very next request of
 * this process, and of the other processes once the database's notice has reached them.
 */
let database: TestDatabase;
let harness: ReturnType<typeof createAuthContext>;
let admin: CurrentUser;

beforeAll(async () => {
  database = await createTestDatabase();
  harness = createAuthContext(database);
  const account = await createMemberWithPassword(database.db, harness.config.adminEmail, `admin_${crypto.randomBytes(3).toString("hex")}`);
  admin = { id: account.id, username: account.username, isAdmin: true, twoFactorEnabled: false };
});
afterAll(async () => {
  await database.close();
});

async function lookup(cookie: string, cache: SessionCache = harness.sessionCache) {
  const counter = { count: 0 };
  const { user } = await countQueriesOf(counter, () => cache.lookup(new Headers({ cookie })));
  return { user, statements: counter.count };
}

/** A member signed in twice (two browsers), both sessions already looked up once, so kept. */
async function cachedMember() {
  const member = await createMemberWithPassword(database.db);
  const cookie = await harness.signIn(member.email, MEMBER_PASSWORD);
  const otherDevice = await harness.signIn(member.email, MEMBER_PASSWORD, "198.51.100.30");
  for (const each of [cookie, otherDevice]) expect((await lookup(each)).user?.id).toBe(member.id);
  expect((await lookup(cookie)).statements).toBe(0);
  return { ...member, cookie, otherDevice };
}

const accountRequest = (cookie: string, form?: Record<string, string>) => harness.browserRequest("/fr/account", { cookie, form });

async function postAccount(cookie: string, form: Record<string, string>) {
  const currentUser = (await lookup(cookie)).user;
  return accountAction({
    request: accountRequest(cookie, form),
    context: { ...harness.context, currentUser },
    params: {},
  } as Parameters<typeof accountAction>[0]);
}

describe("the session cache", () => {
  it("answers a member looked up a moment ago without the session's statements", async () => {
    const member = await createMemberWithPassword(database.db);
    const cookie = await harness.signIn(member.email, MEMBER_PASSWORD);
    const first = await lookup(cookie);
    expect(first.user).toMatchObject({ id: member.id, username: member.username, isAdmin: false });
    // better-auth's session, then its user, then the profile's standing.
    expect(first.statements).toBe(3);
    const again = await lookup(cookie);
    expect(again).toEqual({ user: first.user, statements: 0 });
  });

  it("keeps no visitor: no cookie, a forged one, or a session cookie that no longer names a session", async () => {
    expect((await lookup("")).user).toBeNull();
    expect((await lookup("parcours.session_token=forged.value")).user).toBeNull();
    const member = await createMemberWithPassword(database.db);
    const cookie = await harness.signIn(member.email, MEMBER_PASSWORD);
    await callAuth(harness.context, accountRequest(cookie), "/sign-out");
    for (let i = 0; i < 2; i++) {
      const answer = await harness.sessionCache.lookup(new Headers({ cookie }));
      expect(answer.user).toBeNull();
      // better-auth answers again each time, expiring the cookie.
      expect(answer.setCookies.join()).toMatch(/parcours\.session_token=;/);
    }
  });

  it("expires an entry after its few seconds", async () => {
    let now = 1_000_000;
    const cache = createSessionCache((headers) => resolveCurrentUser(harness.auth, database.db, harness.config, headers), { now: () => now });
    const member = await createMemberWithPassword(database.db);
    const cookie = await harness.signIn(member.email, MEMBER_PASSWORD);
    expect((await lookup(cookie, cache)).user?.username).toBe(member.username);
    // Written behind the cache's back (nothing tells this cache): the kept answer stands until it expires.
    await database.db.update(schema.profiles).set({ username: `Renomme_${member.id.slice(0, 6)}` }).where(eq(schema.profiles.id, member.id));
    now += SESSION_CACHE_TTL_MS - 1;
    expect(await lookup(cookie, cache)).toMatchObject({ user: { username: member.username }, statements: 0 });
    now += 2;
    expect(await lookup(cookie, cache)).toMatchObject({ user: { username: `Renomme_${member.id.slice(0, 6)}` }, statements: 3 });
  });
});

describe("what ends or changes a session takes effect at the next request of this process", () => {
  it("signing out", async () => {
    const member = await cachedMember();
    await callAuth(harness.context, accountRequest(member.cookie), "/sign-out");
    expect((await lookup(member.cookie)).user).toBeNull();
    expect((await lookup(member.otherDevice)).user?.id).toBe(member.id);
  });

  it("revoking one session from the account page, and all of them", async () => {
    const member = await cachedMember();
    const [other] = await database.db
      .select({ id: schema.sessions.id })
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, member.id))
      .orderBy(desc(schema.sessions.createdAt))
      .limit(1);
    await postAccount(member.cookie, { intent: "revoke-session", sessionId: other!.id });
    expect((await lookup(member.otherDevice)).user).toBeNull();
    expect((await lookup(member.cookie)).user?.id).toBe(member.id);

    const again = await cachedMember();
    await postAccount(again.cookie, { intent: "logout-everywhere" });
    expect((await lookup(again.cookie)).user).toBeNull();
    expect((await lookup(again.otherDevice)).user).toBeNull();
  });

  it("changing the password (the other sessions end)", async () => {
    const member = await cachedMember();
    await postAccount(member.cookie, { intent: "change-password", currentPassword: MEMBER_PASSWORD, password: "Nouveau-mot-2-passe", confirmPassword: "Nouveau-mot-2-passe" });
    expect((await lookup(member.otherDevice)).user).toBeNull();
  });

  it("changing the username", async () => {
    const member = await cachedMember();
    const username = `Nouveau_${crypto.randomBytes(3).toString("hex")}`;
    await postAccount(member.cookie, { intent: "change-username", username });
    expect((await lookup(member.otherDevice)).user?.username).toBe(username);
  });

  it("suspension and reactivation by the administrator, and deletion", async () => {
    const member = await cachedMember();
    expect(await suspendMemberAsAdmin(harness.context, admin, member.id, "Spam")).toEqual({ ok: true });
    expect((await lookup(member.cookie)).user).toBeNull();
    expect((await lookup(member.otherDevice)).user).toBeNull();

    const told: string[] = [];
    const listening = { ...harness.context, sessionsChanged: (userId: string) => told.push(userId) };
    expect(await reactivateMemberAsAdmin(listening, admin, member.id)).toEqual({ ok: true });
    expect(told).toEqual([member.id]);

    const doomed = await cachedMember();
    expect(await deleteMemberAsAdmin(harness.context, admin, doomed.id)).toEqual({ ok: true });
    expect((await lookup(doomed.cookie)).user).toBeNull();
  });

  it("deleting one's own account", async () => {
    const member = await cachedMember();
    await postAccount(member.cookie, { intent: "delete-account", currentPassword: MEMBER_PASSWORD, confirmUsername: member.username });
    expect((await lookup(member.otherDevice)).user).toBeNull();
  });

  it("turning two-factor on", async () => {
    const member = await cachedMember();
    expect((await lookup(member.otherDevice)).user?.twoFactorEnabled).toBe(false);
    const enabled = await callAuth(harness.context, accountRequest(member.cookie), "/two-factor/enable", { password: MEMBER_PASSWORD });
    const secret = secretOfTotpUri(String(enabled.body!.totpURI));
    expect((await callAuth(harness.context, accountRequest(member.cookie), "/two-factor/verify-totp", { code: totpCode(secret) })).status).toBe(200);
    expect((await lookup(member.otherDevice)).user?.twoFactorEnabled).toBe(true);
  });

  it("confirming the administrator's address (the role comes at the next request)", async () => {
    const founder = createAuthContext(database, { ADMIN_EMAIL: "Fondateur@Parcours.test" });
    const account = await createMemberWithPassword(database.db, "fondateur@parcours.test");
    await database.db.update(schema.users).set({ emailVerified: false }).where(eq(schema.users.id, account.id));
    const cookie = await founder.signIn(account.email, MEMBER_PASSWORD);
    expect((await lookup(cookie, founder.sessionCache)).user).toMatchObject({ isAdmin: false, adminAddressUnconfirmed: true });
    expect((await lookup(cookie, founder.sessionCache)).statements).toBe(0);
    const token = await createEmailVerificationToken(founder.context.authSecret, account.email);
    expect(await confirmAddress(founder.context, founder.browserRequest("/fr/confirm-email"), token)).toBe("confirmed");
    expect((await lookup(cookie, founder.sessionCache)).user).toMatchObject({ isAdmin: true, adminAddressUnconfirmed: false });
  });

  it("confirming a new e-mail address", async () => {
    const member = await cachedMember();
    const told: string[] = [];
    const mails: string[] = [];
    const context = {
      ...harness.context,
      currentUser: (await lookup(member.cookie)).user,
      mailer: { kind: "outbox", send: async (mail: { text: string }) => void mails.push(mail.text) },
      sessionsChanged: (userId: string) => told.push(userId),
    } as typeof harness.context;
    const to = `nouvelle_${crypto.randomBytes(3).toString("hex")}@parcours.test`;
    await requestEmailChange(context, accountRequest(member.cookie), { id: member.id, username: member.username }, { from: member.email, to });
    const token = /change=([^\s&]+)/.exec(mails.join("\n"))![1]!;
    expect(await confirmEmailChange(context, decodeURIComponent(token))).toEqual({ result: "changed", email: to });
    expect(told).toEqual([member.id]);
  });
});

describe("other processes", () => {
  let hub: LiveHub;
  let elsewhere: SessionCache;
  let stopFollowing: () => void;

  beforeAll(async () => {
    hub = await createLiveHub(database.listen, pino({ level: "silent" }));
    // Another process's cache, whose entries would outlive the test: only the notice can drop them.
    elsewhere = createSessionCache((headers) => resolveCurrentUser(harness.auth, database.db, harness.config, headers), { ttlMs: 10 * 60_000 });
    stopFollowing = followMemberNotices(elsewhere, hub);
  });
  afterAll(async () => {
    stopFollowing();
    await hub.close();
  });

  it("drop a member's entries when the database's notice arrives", async () => {
    const member = await cachedMember();
    const bystander = await cachedMember();
    for (const cookie of [member.cookie, bystander.cookie]) await lookup(cookie, elsewhere);
    expect((await lookup(member.cookie, elsewhere)).statements).toBe(0);
    // Written as by another process: neither cache is told in memory.
    await suspendMember(database.db, member.id, "Spam");
    await expect.poll(async () => (await lookup(member.cookie, elsewhere)).user, { timeout: 5_000 }).toBeNull();
    expect(await lookup(bystander.cookie, elsewhere)).toMatchObject({ user: { id: bystander.id }, statements: 0 });
  });

  it("drop everything when the listening starts again after a lost connection", () => {
    const cache = { forgetAll: () => calls.push("all"), forgetMember: (id: string) => calls.push(id), lookup: async () => ({ user: null, setCookies: [] }) };
    const calls: string[] = [];
    let deliver: (topic: string | null) => void = () => {};
    followMemberNotices(cache, { watchEveryChange: (onChange) => ((deliver = onChange), () => true) });
    deliver(`park:${crypto.randomUUID()}`);
    deliver("member:abc");
    deliver(null);
    expect(calls).toEqual(["abc", "all"]);
  });
});
