import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keptAnswerLogLine, requestLog } from "../../http/request-log";

/** The request log (http/request-log.ts) as the server mounts it: secrets in addresses never reach it. */
const lines: string[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  const logger = pino({ level: "info" }, new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }));
  const app = express();
  app.use(requestLog(logger));
  app.get("/{*path}", (request, response) => {
    // A loader's own error line, through the request's logger (entry.server.tsx's handleError does the same).
    request.log.error("a loader failed");
    response.status(200).send("ok");
  });
  server = http.createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("the request log", () => {
  it("writes no password-reset token, confirmation token, e-mail change secret or sign-in code", async () => {
    const addresses = [
      "/api/auth/reset-password/RESETSECRET1?callbackURL=%2Ffr%2Freset-password",
      "/fr/reset-password?token=RESETSECRET2",
      "/fr/confirm-email?token=CONFIRMSECRET",
      "/en/confirm-email?change=CHANGESECRET",
      "/api/auth/oauth2/callback/google?code=CODESECRET&state=STATESECRET",
    ];
    for (const address of addresses) await (await fetch(base + address)).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const log = lines.join("");
    expect(log).toContain("/fr/reset-password?token=[redacted]");
    expect(log).toContain("a loader failed");
    expect(log).not.toMatch(/RESETSECRET|CONFIRMSECRET|CHANGESECRET|CODESECRET|STATESECRET/);
  });

  it("names a kept page's answer the same way", () => {
    const request = { method: "GET", url: "/fr/reset-password?token=KEPTSECRET" } as http.IncomingMessage;
    const line = keptAnswerLogLine({ id: "id", request, response: { statusCode: 200 } as http.ServerResponse, startedAt: performance.now() });
    expect(JSON.stringify(line)).not.toContain("KEPTSECRET");
    expect(line.req.url).toBe("/fr/reset-password?token=[redacted]");
  });
});
