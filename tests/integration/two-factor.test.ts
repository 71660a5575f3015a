import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "~/server/accounts/sign-in";
import { callAuth } from "~/server/auth/call-auth";
import { cookieFrom, createAuthContext } from "../support/auth-context";
import { createMemberWithPassword, MEMBER_PASSWORD } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { secretOfTotpUri, totpCode } from "../support/totp";

const PASSWORD = MEMBER_PASSWORD;
let database: TestDatabase;
let harness: ReturnType<typeof createAuthContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  harness = createAuthContext(database);
});
afterAll(async () => {
  await database.close();
});

async function memberWithTwoFactor() {
  const { email } = await createMemberWithPassword(database.db);
  const signedIn = await signInWithPassword(harness.context, harness.browserRequest("/fr/login"), email, PASSWORD);
  if (signedIn.kind !== "signed-in") throw new Error(signedIn.kind);
  const cookie = cookieFrom(signedIn.setCookies);
  const enabled = await callAuth(harness.context, harness.browserRequest("/fr/account", { cookie }), "/two-factor/enable", { password: PASSWORD });
  expect(enabled.status).toBe(200);
  const secret = secretOfTotpUri(String(enabled.body!.totpURI));
  const backupCodes = enabled.body!.backupCodes as string[];
  const confirmed = await callAuth(harness.context, harness.browserRequest("/fr/account", { cookie }), "/two-factor/verify-totp", { code: totpCode(secret) });
  expect(confirmed.status).toBe(200);
  return { email, secret, backupCodes };
}

describe("two-factor authentication", () => {
  it("asks for a TOTP code after the password, then opens the session", async () => {
    const member = await memberWithTwoFactor();
    const first = await signInWithPassword(harness.context, harness.browserRequest("/fr/login"), member.email, PASSWORD);
    expect(first.kind).toBe("two-factor");
    if (first.kind !== "two-factor") return;
    expect(await harness.currentUser(cookieFrom(first.setCookies))).toBeNull();

    const cookie = cookieFrom(first.setCookies);
    const wrong = await callAuth(harness.context, harness.browserRequest("/fr/login/two-factor", { cookie }), "/two-factor/verify-totp", { code: "000000" });
    expect(wrong.status).not.toBe(200);
    const right = await callAuth(harness.context, harness.browserRequest("/fr/login/two-factor", { cookie }), "/two-factor/verify-totp", { code: totpCode(member.secret) });
    expect(right.status).toBe(200);
    expect((await harness.currentUser(cookieFrom(right.setCookies)))?.twoFactorEnabled).toBe(true);
  });

  it("accepts each backup code once", async () => {
    const member = await memberWithTwoFactor();
    const backup = member.backupCodes[0]!;
    const attempt = async () => {
      const first = await signInWithPassword(harness.context, harness.browserRequest("/fr/login"), member.email, PASSWORD);
      if (first.kind !== "two-factor") throw new Error(first.kind);
      return callAuth(harness.context, harness.browserRequest("/fr/login/two-factor", { cookie: cookieFrom(first.setCookies) }), "/two-factor/verify-backup-code", { code: backup });
    };
    expect((await attempt()).status).toBe(200);
    expect((await attempt()).status).not.toBe(200);
  });

  it("makes the admin area wait for two-factor when ADMIN_REQUIRE_2FA is on", async () => {
    const { requireAdmin } = await import("~/server/auth/guards");
    const strict = createAuthContext(database, { ADMIN_REQUIRE_2FA: "true" });
    const admin = { id: "a", username: "Admin", isAdmin: true, twoFactorEnabled: false };
    const request = new Request("http://parcours.test/admin");
    let thrown: unknown;
    try {
      requireAdmin(request, { ...strict.context, currentUser: admin });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Response).headers.get("location")).toBe("/fr/account?require=two-factor");
    expect(requireAdmin(request, { ...strict.context, currentUser: { ...admin, twoFactorEnabled: true } })).toMatchObject({ isAdmin: true });
  });
});
