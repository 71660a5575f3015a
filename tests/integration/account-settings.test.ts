import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeEmail, changePassword, changeUsername } from "~/server/accounts/account-settings";
import { listAccountSessions, revokeAccountSession, currentSessionId } from "~/server/accounts/account-sessions";
import { exportAccountData } from "~/server/accounts/export-account-data";
import * as schema from "~/server/db/schema";
import { queryRows } from "~/server/db/database";
import { action as accountAction } from "~/routes/account";
import { loader as exportLoader } from "~/routes/api.account-export";
import { cookieFrom, createAuthContext } from "../support/auth-context";
import { createRide, createMemberWithPassword, createPark, MEMBER_PASSWORD } from "../support/factories";
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

/** A member with a password, signed in from one browser (its cookie). */
async function signedInMember(options: { email?: string; username?: string; ip?: string } = {}) {
  const member = await createMemberWithPassword(database.db, options.email, options.username);
  const cookie = await signIn(member.email, MEMBER_PASSWORD, options.ip);
  return { ...member, cookie };
}

const signIn = (email: string, password = MEMBER_PASSWORD, ip?: string) => harness.signIn(email, password, ip);

const accountRequest = (cookie: string, form?: Record<string, string>) => harness.browserRequest("/fr/account", { cookie, form });

async function storedUser(id: string) {
  const [row] = await queryRows<{ name: string; email: string; username: string }>(
    database.db,
    sql`SELECT u.name, u.email, p.username FROM "user" u JOIN profiles p ON p.id = u.id WHERE u.id = ${id}`,
  );
  return row!;
}

describe("changing the username", () => {
  it("applies the sign-up's rules and messages, and changes nothing when refused", async () => {
    const member = await createMemberWithPassword(database.db);
    const before = await storedUser(member.id);
    expect(await changeUsername(database.db, member.id, { username: "ab" })).toMatchObject({
      ok: false,
      errors: { username: [{ key: "auth.errors.usernameTooShort", values: { min: 3 } }] },
    });
    expect(await changeUsername(database.db, member.id, { username: "a".repeat(21) })).toMatchObject({
      errors: { username: [{ key: "auth.errors.usernameTooLong", values: { max: 20 } }] },
    });
    expect(await changeUsername(database.db, member.id, { username: "Léa en famille" })).toMatchObject({
      errors: { username: [{ key: "auth.errors.usernameCharacters" }] },
    });
    expect(await storedUser(member.id)).toEqual(before);
  });

  it("stores the new username in the profile and the account's name", async () => {
    const member = await createMemberWithPassword(database.db);
    const outcome = await changeUsername(database.db, member.id, { username: "  Nouveau_Nom-1 " });
    expect(outcome).toEqual({ ok: true, username: "Nouveau_Nom-1" });
    expect(await storedUser(member.id)).toMatchObject({ name: "Nouveau_Nom-1", username: "Nouveau_Nom-1" });
  });

  it("refuses a username another member holds, whatever its case, but lets a member change the case of their own", async () => {
    const holder = await createMemberWithPassword(database.db, undefined, "Coaster_Queen");
    const member = await createMemberWithPassword(database.db);
    expect(await changeUsername(database.db, member.id, { username: "coaster_queen" })).toEqual({
      ok: false,
      errors: { username: [{ key: "auth.errors.usernameTaken" }] },
      reason: "conflict",
    });
    expect((await storedUser(member.id)).username).toBe(member.username);
    expect(await changeUsername(database.db, holder.id, { username: "COASTER_QUEEN" })).toEqual({ ok: true, username: "COASTER_QUEEN" });
  });

  it("gives one of two simultaneous claims of a username the 'taken' message, never an error", async () => {
    const first = await createMemberWithPassword(database.db);
    const second = await createMemberWithPassword(database.db);
    const outcomes = await Promise.all([
      changeUsername(database.db, first.id, { username: "Same_Name" }),
      changeUsername(database.db, second.id, { username: "same_name" }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, errors: { username: [{ key: "auth.errors.usernameTaken" }] }, reason: "conflict" },
    ]);
  });
});

describe("changing the e-mail address", () => {
  it("needs the current password; a wrong one changes nothing", async () => {
    const member = await signedInMember();
    const outcome = await changeEmail(harness.context, accountRequest(member.cookie), member, {
      email: "nouvelle@example.com",
      currentPassword: "Mauvais2026",
    });
    expect(outcome).toMatchObject({ ok: false, errors: { currentPassword: [{ key: "account.errors.wrongPassword" }] } });
    expect((await storedUser(member.id)).email).toBe(member.email);
  });

  it("refuses an invalid address, an address in use (any case) and the administrator's address", async () => {
    const member = await signedInMember();
    const other = await createMemberWithPassword(database.db);
    const attempt = (email: string) =>
      changeEmail(harness.context, accountRequest(member.cookie), member, { email, currentPassword: MEMBER_PASSWORD });
    expect(await attempt("pas-une-adresse")).toMatchObject({ errors: { email: [{ key: "auth.errors.emailInvalid" }] } });
    expect(await attempt(other.email.toUpperCase())).toMatchObject({ errors: { email: [{ key: "account.email.taken" }] } });
    expect(await attempt("Admin@Parcours.test")).toMatchObject({ errors: { email: [{ key: "account.email.reserved" }] } });
    expect((await storedUser(member.id)).email).toBe(member.email);
    expect((await harness.currentUser(member.cookie))?.isAdmin).toBe(false);
  });

  // The change itself waits for the new address to confirm: email-verification.test.ts.
  it("says so when the confirmation cannot be mailed (no SMTP here), and changes nothing", async () => {
    const member = await signedInMember();
    const outcome = await changeEmail(harness.context, accountRequest(member.cookie), member, {
      email: "sans-smtp@example.com",
      currentPassword: MEMBER_PASSWORD,
    });
    expect(outcome).toMatchObject({ ok: false, reason: "unavailable", errors: { form: [{ key: "account.email.sendFailed" }] } });
    expect((await storedUser(member.id)).email).toBe(member.email);
  });

  it("does not let the administrator move the role away by changing their address", async () => {
    const admin = await signedInMember({ email: "admin@parcours.test" });
    expect((await harness.currentUser(admin.cookie))?.isAdmin).toBe(true);
    const outcome = await changeEmail(harness.context, accountRequest(admin.cookie), admin, {
      email: "ailleurs@example.com",
      currentPassword: MEMBER_PASSWORD,
    });
    expect(outcome).toMatchObject({ ok: false, errors: { email: [{ key: "account.email.adminLocked" }] } });
    expect((await storedUser(admin.id)).email).toBe("admin@parcours.test");
    expect((await harness.currentUser(admin.cookie))?.isAdmin).toBe(true);
    await database.db.delete(schema.users).where(eq(schema.users.id, admin.id));
  });
});

describe("changing the password", () => {
  it("applies the sign-up's rules and needs the right current password", async () => {
    const member = await signedInMember();
    const attempt = (input: { currentPassword: string; password: string; confirmPassword: string }) =>
      changePassword(harness.context, accountRequest(member.cookie), input);
    expect(await attempt({ currentPassword: MEMBER_PASSWORD, password: "court", confirmPassword: "autre" })).toMatchObject({
      ok: false,
      errors: {
        password: [{ key: "auth.errors.passwordLength" }, { key: "auth.errors.passwordUppercase" }, { key: "auth.errors.passwordDigit" }],
        confirmPassword: [{ key: "auth.errors.passwordMismatch" }],
      },
    });
    expect(await attempt({ currentPassword: "Mauvais2026", password: "Nouveau2026", confirmPassword: "Nouveau2026" })).toMatchObject({
      ok: false,
      errors: { currentPassword: [{ key: "account.errors.wrongPassword" }] },
    });
    expect(await signIn(member.email)).toBeTruthy();
  });

  it("changes it through better-auth and ends the other sessions", async () => {
    const member = await signedInMember();
    const otherDevice = await signIn(member.email, MEMBER_PASSWORD, "192.0.2.55");
    const outcome = await changePassword(harness.context, accountRequest(member.cookie), {
      currentPassword: MEMBER_PASSWORD,
      password: "Nouveau2026",
      confirmPassword: "Nouveau2026",
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(await harness.currentUser(otherDevice)).toBeNull();
    expect((await harness.currentUser(cookieFrom(outcome.setCookies)))?.id).toBe(member.id);
    await expect(signIn(member.email)).rejects.toThrow("refused");
    expect(await signIn(member.email, "Nouveau2026")).toBeTruthy();
  });
});

describe("sessions", () => {
  it("lists the member's sessions, marking this device, without their tokens", async () => {
    const member = await signedInMember();
    await signIn(member.email, MEMBER_PASSWORD, "198.51.100.20");
    const thisId = await currentSessionId(harness.context, accountRequest(member.cookie));
    const sessions = await listAccountSessions(database.db, member.id, thisId);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current).map((session) => session.id)).toEqual([thisId]);
    expect(sessions.map((session) => session.ipAddress).sort()).toEqual(["192.0.2.1", "198.51.100.20"]);
    expect(JSON.stringify(sessions)).not.toContain(member.cookie.split("=")[1]!.split(".")[0]!);
  });

  it("revokes one of the member's own sessions", async () => {
    const member = await signedInMember();
    const otherDevice = await signIn(member.email, MEMBER_PASSWORD, "198.51.100.21");
    const otherId = await currentSessionId(harness.context, accountRequest(otherDevice));
    expect(await revokeAccountSession(database.db, member.id, otherId!)).toBe(true);
    expect(await harness.currentUser(otherDevice)).toBeNull();
    expect((await harness.currentUser(member.cookie))?.id).toBe(member.id);
  });

  it("cannot revoke another member's session, even by posting its id to the account page", async () => {
    const member = await signedInMember();
    const victim = await signedInMember();
    const victimSessionId = await currentSessionId(harness.context, accountRequest(victim.cookie));
    expect(await revokeAccountSession(database.db, member.id, victimSessionId!)).toBe(false);

    const currentUser = await harness.currentUser(member.cookie);
    const response = await accountAction({
      request: accountRequest(member.cookie, { intent: "revoke-session", sessionId: victimSessionId! }),
      context: { ...harness.context, currentUser },
      params: {},
    } as Parameters<typeof accountAction>[0]);
    expect((response as { init: ResponseInit | null }).init?.status).toBe(404);
    expect((await harness.currentUser(victim.cookie))?.id).toBe(victim.id);
    expect(await listAccountSessions(database.db, victim.id, null)).toHaveLength(1);
  });
});

describe("the account page's action", () => {
  const post = async (cookie: string, form: Record<string, string>) => {
    const currentUser = await harness.currentUser(cookie);
    return (await accountAction({
      request: accountRequest(cookie, form),
      context: { ...harness.context, currentUser },
      params: {},
    } as Parameters<typeof accountAction>[0])) as { data: unknown; init: ResponseInit | null };
  };

  it("answers an unknown intent as a bad request of the page, and changes nothing", async () => {
    const member = await signedInMember();
    const before = await storedUser(member.id);
    const forms: Record<string, string>[] = [{ intent: "change-everything", username: "Autre_Nom" }, { username: "Autre_Nom", password: MEMBER_PASSWORD }];
    for (const form of forms) {
      const response = await post(member.cookie, form);
      expect(response.init?.status).toBe(400);
      expect(response.data).toEqual({ section: "page", errors: { form: [{ key: "errors.badRequest" }] } });
    }
    expect(await storedUser(member.id)).toEqual(before);
    expect((await harness.currentUser(member.cookie))?.twoFactorEnabled).toBe(false);
    expect(await listAccountSessions(database.db, member.id, null)).toHaveLength(1);
  });

  it("answers a two-factor refusal in the two-factor section", async () => {
    const member = await signedInMember();
    const response = await post(member.cookie, { intent: "enable-two-factor", password: "pas-le-bon" });
    expect(response.init?.status).toBe(400);
    expect(response.data).toEqual({ section: "twoFactor", step: "error", message: "account.twoFactor.wrongPassword" });
  });
});

describe("data export", () => {
  it("holds the member's own rows with names, nobody else's, and no secrets", async () => {
    const member = await signedInMember();
    const other = await signedInMember();
    const park = await createPark(database.db, { createdBy: member.id, moderationStatus: "pending", name: `Parc à moi ${member.id.slice(0, 6)}` });
    const ride = await createRide(database.db, park.id, { name: "Le Grand Huit" });
    for (const [userId, comment] of [
      [member.id, "Mon avis à moi"],
      [other.id, "L'avis de quelqu'un d'autre"],
    ] as const) {
      await database.db.insert(schema.parkRatings).values({
        parkId: park.id,
        userId,
        thrillRating: 4,
        visitDuration: "full_day",
        comment,
        images: userId === member.id ? ["img:v1:park_images/0123456789abcdef0123456789abcdef:800x600:800"] : [],
      });
      await database.db.insert(schema.rideRatings).values({ rideId: ride.id, userId, rating: 5, audienceType: "thrill", comment: `${comment} (manège)` });
    }
    const [othersReview] = await database.db
      .select({ id: schema.parkRatings.id })
      .from(schema.parkRatings)
      .where(eq(schema.parkRatings.userId, other.id));
    await database.db.insert(schema.ratingVotes).values({ ratingType: "park", ratingId: othersReview!.id, userId: member.id, isHelpful: true });
    await database.db.insert(schema.commentReports).values({ commentType: "park", commentId: othersReview!.id, reportedBy: member.id, reason: "Hors sujet" });
    await database.db.insert(schema.userTopParks).values({ userId: member.id, parkId: park.id, position: 1 });
    await database.db.insert(schema.userTopParks).values({ userId: other.id, parkId: park.id, position: 1 });
    await database.db.insert(schema.contentModifications).values({ userId: member.id, targetType: "park", targetId: park.id, action: "create" });
    const [plan] = await database.db.insert(schema.visitPlans).values({ userId: member.id, parkId: park.id }).returning();
    await database.db.insert(schema.visitPlanRides).values({ planId: plan!.id, rideId: ride.id, position: 1 });
    // The ride log and the wish list: an entry and a wish of the member's, an entry of the other's on the same ride.
    const wishedRide = await createRide(database.db, park.id, { name: "La Rivière" });
    await database.db.insert(schema.rideLogEntries).values({ id: crypto.randomUUID(), userId: member.id, rideId: ride.id, riddenOn: "2025-08-15", times: 3, note: "Premier rang" });
    await database.db.insert(schema.rideLogEntries).values({ id: crypto.randomUUID(), userId: other.id, rideId: ride.id, riddenOn: "2025-08-16", times: 1, note: "Le tour de quelqu'un d'autre" });
    await database.db.insert(schema.rideWishes).values({ userId: member.id, rideId: wishedRide.id });
    // Two factor on, so that its secret exists and can be looked for.
    await database.db.insert(schema.twoFactors).values({ id: crypto.randomUUID(), userId: member.id, secret: "TOTP-SECRET-XYZ", backupCodes: "BACKUP-CODES-XYZ" });

    const exported = await exportAccountData(database.db, member.id);
    expect(exported!.profile).toMatchObject({ id: member.id, username: member.username, email: member.email });
    expect(exported!.parkRatings).toEqual([
      expect.objectContaining({ park_id: park.id, park_name: park.name, comment: "Mon avis à moi", thrill_rating: 4, visit_duration: "full_day", images: ["img:v1:park_images/0123456789abcdef0123456789abcdef:800x600:800"] }),
    ]);
    expect(exported!.rideRatings).toEqual([
      expect.objectContaining({ attraction_id: ride.id, attraction_name: "Le Grand Huit", comment: "Mon avis à moi (manège)", rating: 5 }),
    ]);
    expect(exported!.votes).toEqual([expect.objectContaining({ review_type: "park", review_id: othersReview!.id, vote: "helpful" })]);
    expect(exported!.reviewReports).toEqual([expect.objectContaining({ review_id: othersReview!.id, reason: "Hors sujet", status: "pending" })]);
    expect(exported!.parksCreated).toEqual([expect.objectContaining({ id: park.id, moderation_status: "pending" })]);
    expect(exported!.contentModifications).toHaveLength(1);
    expect(exported!.topParks).toEqual([{ position: 1, park_id: park.id, park_name: park.name }]);
    expect(exported!.visitPlans).toEqual([
      expect.objectContaining({ park_id: park.id, attractions: [expect.objectContaining({ attraction_id: ride.id, position: 1 })] }),
    ]);
    expect(exported!.rideLog).toEqual([
      expect.objectContaining({ attraction_id: ride.id, attraction_name: "Le Grand Huit", park_name: park.name, ridden_on: "2025-08-15", times: 3, note: "Premier rang", import_id: null }),
    ]);
    expect(exported!.rideWishes).toEqual([expect.objectContaining({ attraction_id: wishedRide.id, attraction_name: "La Rivière", park_name: park.name })]);
    expect(exported!.rideLogImports).toEqual([]);

    const text = JSON.stringify(exported);
    expect(text).not.toContain("L'avis de quelqu'un d'autre");
    expect(text).not.toContain("Le tour de quelqu'un d'autre");
    expect(text).not.toContain(other.id);
    const [secrets] = await queryRows<{ password: string; token: string }>(
      database.db,
      sql`SELECT a.password, s.token FROM account a JOIN session s ON s.user_id = a.user_id WHERE a.user_id = ${member.id} LIMIT 1`,
    );
    for (const secret of [secrets!.password, secrets!.token, "TOTP-SECRET-XYZ", "BACKUP-CODES-XYZ"]) expect(text).not.toContain(secret);
  });

  it("is served as a JSON attachment to the signed-in member only", async () => {
    const member = await signedInMember();
    const currentUser = await harness.currentUser(member.cookie);
    const response = (await exportLoader({
      request: harness.browserRequest("/api/account/export", { cookie: member.cookie }),
      context: { ...harness.context, currentUser },
      params: {},
    } as Parameters<typeof exportLoader>[0])) as Response;
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="parcours-export-${member.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect((await response.json()).profile.username).toBe(member.username);

    let thrown: unknown;
    try {
      await exportLoader({
        request: harness.browserRequest("/api/account/export"),
        context: { ...harness.context, currentUser: null },
        params: {},
      } as Parameters<typeof exportLoader>[0]);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Response).headers.get("location")).toBe("/fr/login");
  });
});
