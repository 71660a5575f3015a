import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captchaKeys, issueCaptchaChallenge, verifyCaptcha } from "~/server/captcha/captcha";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
const keys = captchaKeys("test-secret-of-at-least-thirty-two-chars");

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Solves a challenge as the browser widget does and encodes the payload it would submit. */
async function solvedPayload(now?: number): Promise<string> {
  const challenge = await issueCaptchaChallenge(keys, now);
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

describe("ALTCHA captcha", () => {
  it("accepts a solved challenge once and refuses its replay", async () => {
    const payload = await solvedPayload();
    expect(await verifyCaptcha(database.db, keys, payload)).toBe("verified");
    expect(await verifyCaptcha(database.db, keys, payload)).toBe("replayed");
  });

  it("refuses two simultaneous submissions of one solution but one", async () => {
    const payload = await solvedPayload();
    const outcomes = await Promise.all([1, 2, 3].map(() => verifyCaptcha(database.db, keys, payload)));
    expect(outcomes.filter((outcome) => outcome === "verified")).toHaveLength(1);
  });

  it("refuses a missing, forged, expired or foreign-key solution", async () => {
    expect(await verifyCaptcha(database.db, keys, "")).toBe("missing");
    expect(await verifyCaptcha(database.db, keys, "bm90LWpzb24=")).toBe("invalid");
    const expired = await solvedPayload(Date.now() - 11 * 60 * 1000);
    expect(await verifyCaptcha(database.db, keys, expired)).toBe("invalid");
    const payload = await solvedPayload();
    expect(await verifyCaptcha(database.db, captchaKeys("another-secret-of-at-least-32-chars!"), payload)).toBe("invalid");
    const tampered = JSON.parse(Buffer.from(await solvedPayload(), "base64").toString());
    tampered.solution.derivedKey = tampered.solution.derivedKey.replace(/^./, (c: string) => (c === "0" ? "1" : "0"));
    expect(await verifyCaptcha(database.db, keys, Buffer.from(JSON.stringify(tampered)).toString("base64"))).toBe("invalid");
  });
});

describe("spent captcha solutions", () => {
  it("are forgotten once their challenge has expired, and kept before", async () => {
    const { captchaSolutions } = await import("~/server/db/schema");
    const { forgetExpiredCaptchaSolutions } = await import("~/server/captcha/captcha");
    await database.db.insert(captchaSolutions).values([
      { challenge: "old", expiresAt: new Date(Date.now() - 1000) },
      { challenge: "fresh", expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await forgetExpiredCaptchaSolutions(database.db);
    const left = (await database.db.select().from(captchaSolutions)).map((row) => row.challenge);
    expect(left).toContain("fresh");
    expect(left).not.toContain("old");
  });
});
