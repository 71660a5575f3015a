import crypto from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import pino from "pino";
import type { AppLoadContext } from "react-router";
import { signInWithPassword } from "~/server/accounts/sign-in";
import { createAuth } from "~/server/auth/auth";
import { resolveCurrentUser } from "~/server/auth/current-user";
import { createSessionCache } from "~/server/auth/session-cache";
import { captchaKeys, issueCaptchaChallenge } from "~/server/captcha/captcha";
import { loadConfig } from "~/server/config";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { createMailer } from "~/server/mail/mailer";
import type { TestDatabase } from "./test-database";

export const TEST_ORIGIN = "http://parcours.test";

/**
 * The load context the HTTP server would give loaders and actions, on a test database, with a session cache wired
 * as the server wires its own (http/main.ts) but for the database's notices, which a test follows itself.
 */
export function createAuthContext(database: TestDatabase, env: Record<string, string> = {}) {
  const config = loadConfig({ PUBLIC_URL: TEST_ORIGIN, ADMIN_EMAIL: "admin@parcours.test", ...env });
  const authSecret = crypto.randomBytes(32).toString("hex");
  const logger = pino({ level: "silent" });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: null, logger });
  const sessionCache = createSessionCache((headers) => resolveCurrentUser(auth, database.db, config, headers));
  const auth = createAuth(database.db, config, authSecret, mailer, (userId) => (userId ? sessionCache.forgetMember(userId) : sessionCache.forgetAll()));
  const imageStorage = createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "parcours-images-")));
  const context = { db: database.db, config, auth, authSecret, imageStorage, mailer, currentUser: null, logger, nonce: "", sessionsChanged: sessionCache.forgetMember } as AppLoadContext;

  /** A browser request from `ip`, with the cookies it holds. */
  function browserRequest(path: string, options: { ip?: string; cookie?: string; form?: Record<string, string> } = {}) {
    const headers = new Headers({ origin: TEST_ORIGIN, "x-parcours-client-ip": options.ip ?? "192.0.2.1" });
    if (options.cookie) headers.set("cookie", options.cookie);
    if (options.form) headers.set("content-type", "application/x-www-form-urlencoded");
    return new Request(`${TEST_ORIGIN}${path}`, {
      method: options.form ? "POST" : "GET",
      headers,
      body: options.form ? new URLSearchParams(options.form) : undefined,
    });
  }

  async function currentUser(cookie: string) {
    return (await resolveCurrentUser(auth, database.db, config, new Headers({ cookie }))).user;
  }

  /** Signs in with a password from `ip`, as the login page does; the session's cookie. */
  async function signIn(email: string, password: string, ip?: string) {
    const outcome = await signInWithPassword(context, browserRequest("/fr/login", { ip }), email, password);
    if (outcome.kind !== "signed-in") throw new Error(`sign-in: ${outcome.kind}`);
    return cookieFrom(outcome.setCookies);
  }

  /**
   * A session of `userId`'s opened as a sign-in opens it (better-auth's own session creation, its
   * hooks included), the cookie signed as better-auth signs it — without checking a password, which
   * costs a scrypt hash: for tests whose subject is not the sign-in itself.
   */
  async function openSession(userId: string) {
    const authContext = await auth.$context;
    const session = await authContext.internalAdapter.createSession(userId);
    if (!session) throw new Error("no session opened");
    const signature = crypto.createHmac("sha256", authContext.secret).update(session.token).digest("base64");
    return `${authContext.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`;
  }

  return { context, config, auth, browserRequest, currentUser, signIn, openSession, sessionCache };
}

/** The Cookie header a browser would send after receiving these Set-Cookie headers. */
export function cookieFrom(setCookies: readonly string[]): string {
  return setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

/** A captcha solution as the widget would submit it. */
export async function solvedCaptcha(authSecret: string): Promise<string> {
  const challenge = await issueCaptchaChallenge(captchaKeys(authSecret));
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}
