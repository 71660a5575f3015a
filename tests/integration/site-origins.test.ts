import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "~/server/accounts/sign-in";
import { createAuth } from "~/server/auth/auth";
import { callAuth } from "~/server/auth/call-auth";
import { resolveCurrentUser } from "~/server/auth/current-user";
import { loadConfig, type Config } from "~/server/config";
import { createMailer } from "~/server/mail/mailer";
import { refuseForeignOrigins } from "../../http/same-origin";
import { cookieFrom } from "../support/auth-context";
import { createMemberWithPassword, MEMBER_PASSWORD } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Without PUBLIC_URL (a local try-out) the site is its served port
 * on every loopback name — http://127.0.0.1:3000 posts forms like
 * http://localhost:3000 — for our guard (http/same-origin.ts) and
 * better-auth's alike; with PUBLIC_URL, only that origin.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const LOCAL = loadConfig({ PORT: "3000" });
const PUBLISHED = loadConfig({ PORT: "3000", PUBLIC_URL: "https://parcours.example/" });

/** Our guard in front of a route that says it was reached; the status each origin gets. */
async function guardedStatuses(config: Config, origins: string[]): Promise<number[]> {
  const app = express();
  app.use(refuseForeignOrigins(config.siteOrigins));
  app.post("/fr/contact", (_request, response) => void response.send("reached"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fr/contact`;
  try {
    const statuses: number[] = [];
    for (const origin of origins) statuses.push((await fetch(url, { method: "POST", headers: { origin }, body: "message=Bonjour" })).status);
    return statuses;
  } finally {
    server.close();
  }
}

describe("the site's origins", () => {
  it("are the served port on localhost, 127.0.0.1 and [::1] when PUBLIC_URL is unset, and PUBLIC_URL's origin alone when set", () => {
    expect(LOCAL.siteOrigins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
    expect(PUBLISHED.siteOrigins).toEqual(["https://parcours.example"]);
  });

  it("let every loopback name on the served port post forms when PUBLIC_URL is unset, and nothing else", async () => {
    expect(
      await guardedStatuses(LOCAL, ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000", "http://127.0.0.1:3001", "https://localhost:3000", "https://evil.example"]),
    ).toEqual([200, 200, 200, 403, 403, 403]);
  });

  it("let only PUBLIC_URL post forms when it is set", async () => {
    expect(await guardedStatuses(PUBLISHED, ["https://parcours.example", "http://localhost:3000", "http://127.0.0.1:3000"])).toEqual([200, 403, 403]);
  });

  it("are better-auth's trusted origins too: a member signed in on http://127.0.0.1:3000 signs out there without PUBLIC_URL; another site cannot", async () => {
    const member = await createMemberWithPassword(database.db);
    const logger = pino({ level: "silent" });
    const auth = createAuth(database.db, LOCAL, crypto.randomBytes(32).toString("hex"), createMailer({ smtpUrl: undefined, from: LOCAL.mailFrom, outboxDir: null, logger }), () => {});
    const context = { db: database.db, config: LOCAL, auth, logger } as unknown as AppLoadContext;
    const request = (origin: string, cookie?: string) =>
      new Request("http://127.0.0.1:3000/fr/logout", { method: "POST", headers: { origin, "x-parcours-client-ip": "192.0.2.10", ...(cookie ? { cookie } : {}) } });
    const signedIn = await signInWithPassword(context, request("http://127.0.0.1:3000"), member.email, MEMBER_PASSWORD);
    if (signedIn.kind !== "signed-in") throw new Error(signedIn.kind);
    const cookie = cookieFrom(signedIn.setCookies);
    const memberOf = async () => (await resolveCurrentUser(auth, database.db, LOCAL, new Headers({ cookie }))).user?.id;

    // better-auth checks the origin of requests that carry the session cookie.
    expect((await callAuth(context, request("https://evil.example", cookie), "/sign-out")).status).toBe(403);
    expect(await memberOf()).toBe(member.id);
    expect((await callAuth(context, request("http://127.0.0.1:3000", cookie), "/sign-out")).status).toBe(200);
    expect(await memberOf()).toBeUndefined();
  });
});
