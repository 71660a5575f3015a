import crypto from "node:crypto";
import { createChallenge, randomInt, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { verify } from "altcha-lib/frameworks/shared";
import { lt, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { captchaSolutions } from "../db/schema";

/**
 * Self-hosted ALTCHA proof of work (docs/rules/accounts.md#anti-robot-check): the server signs challenges
 * that expire after 10 minutes, verifies solutions itself, and accepts each
 * solution once — the challenge's nonce is stored under a primary key, so a
 * replay, even a simultaneous one, is refused by the database.
 */
const CAPTCHA_LIFETIME_SECONDS = 10 * 60;
const ALGORITHM = "PBKDF2/SHA-256";
const COST = 1_000;

export type CaptchaKeys = { signature: string; keySignature: string };

/** Captcha keys derived from the application secret, so there is one secret to configure. */
export function captchaKeys(secret: string): CaptchaKeys {
  const derive = (label: string) => crypto.createHmac("sha256", secret).update(label).digest("hex");
  return { signature: derive("altcha-signature"), keySignature: derive("altcha-key-signature") };
}

export async function issueCaptchaChallenge(keys: CaptchaKeys, now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(2_000, 6_000),
    deriveKey,
    expiresAt: new Date(now + CAPTCHA_LIFETIME_SECONDS * 1000),
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  });
}

export type CaptchaOutcome = "verified" | "missing" | "invalid" | "replayed";

/** Verifies the widget's payload (base64 JSON) and spends it. */
export async function verifyCaptcha(db: Executor, keys: CaptchaKeys, payload: string | null | undefined): Promise<CaptchaOutcome> {
  if (!payload) return "missing";
  let replayed = false;
  const store = {
    get: async () => false,
    set: async () => {},
    setIfAbsent: async (challengeId: string) => {
      const inserted = await db
        .insert(captchaSolutions)
        .values({ challenge: challengeId, expiresAt: new Date(Date.now() + CAPTCHA_LIFETIME_SECONDS * 1000) })
        .onConflictDoNothing()
        .returning({ challenge: captchaSolutions.challenge });
      replayed = inserted.length === 0;
      return !replayed;
    },
  };
  const result = await verify(payload, deriveKey, keys.signature, keys.keySignature, store as never);
  if (replayed) return "replayed";
  return result.error ? "invalid" : "verified";
}

/** Spent solutions are kept only while their challenge could still be submitted. */
export async function forgetExpiredCaptchaSolutions(db: Executor): Promise<void> {
  await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, sql`now()`));
}
