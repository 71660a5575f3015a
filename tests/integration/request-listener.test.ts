import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parcoursRequestListener } from "../../http/request-listener";
import { refuseForeignOrigins } from "../../http/same-origin";

/**
 * The server's request listener (http/request-listener.ts) in front of an Express app with the server's
 * guards: addresses the router would read differently from the guards are refused before any of them
 * (decision 0042), and an answer sent before its request's body was read leaves the connection able to
 * carry the next request.
 */
let server: http.Server;
let port: number;
const reached: string[] = [];

beforeAll(async () => {
  const app = express();
  app.use(refuseForeignOrigins(["http://parcours.test"]));
  // A page action that answers before reading its body, as a visitor's rating form gets a redirect to the sign-in page:
  // React Router's adapter has already begun reading the body into its stream (as for every request with a body).
  app.post(["/fr/parc", "/fr/login"], (request, response) => {
    reached.push(request.originalUrl);
    createReadableStreamFromReadable(request);
    response.redirect(302, "/fr/login");
  });
  app.all("/{*path}", (request, response) => {
    reached.push(request.originalUrl);
    response.status(200).type("text").send("ok");
  });
  server = http.createServer(parcoursRequestListener(() => false, () => false, app));
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  reached.length = 0;
});

/**
 * Sends raw HTTP/1.1 bytes on one connection (a number is a pause, in milliseconds) and collects the answers'
 * statuses until `answers` status lines were read, or `waitMs` passed.
 */
function exchange(chunks: Array<string | Buffer | number>, answers: number, waitMs = 5_000): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    const done = () => {
      socket.destroy();
      resolve([...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]!));
    };
    const timer = setTimeout(done, waitMs);
    socket.on("data", (data) => {
      received += data.toString("latin1");
      if ((received.match(/HTTP\/1\.1 \d{3} /g)?.length ?? 0) >= answers) {
        clearTimeout(timer);
        // The last answer's body may still be coming: a moment for it, then done.
        setTimeout(done, 50);
      }
    });
    socket.on("error", reject);
    void (async () => {
      for (const chunk of chunks) {
        if (typeof chunk === "number") await new Promise((resume) => setTimeout(resume, chunk));
        else socket.write(chunk);
      }
    })();
  });
}

function post(path: string, body: Buffer, extra = "") {
  return Buffer.concat([
    Buffer.from(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://parcours.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n${extra}\r\n`),
    body,
  ]);
}

describe("addresses that normalization would change", () => {
  it("are refused with a translated 400 before any guard or route reads them", async () => {
    const addresses = ["/fr/login/.", "/fr/login/%2e", "/api/v1/../../fr/login", "/api/v1/%2E%2E/%2e%2e/fr/login", "/fr\\login", "//evil.example/fr/login"];
    for (const path of addresses) {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        // Node's client sends the path as given: no normalization on the way.
        const request = http.request({ host: "127.0.0.1", port, path, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "3" } }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode!, body }));
        });
        request.on("error", reject);
        request.end("a=b");
      });
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatch(/segments « \. » ou « \.\. »|“\.” or “\.\.” segments/);
    }
    // Not one of them reached a route: without an Origin, `/api/v1/../../fr/login` used to pass the origin check.
    expect(reached).toEqual([]);
  });

  it("a 30 MB form to /fr/login/. is refused without reading it, like one to /fr/login", async () => {
    const statuses = await exchange([`POST /fr/login/. HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://parcours.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${30 * 1024 * 1024}\r\n\r\n`], 1);
    expect(statuses).toEqual(["400"]);
    expect(reached).toEqual([]);
  });
});

describe("an answer sent before the request's body was read", () => {
  it("leaves the kept-alive connection able to answer the next request", async () => {
    const form = Buffer.from(`comment=${"x".repeat(200 * 1024)}`);
    const statuses = await exchange([post("/fr/parc", form), post("/fr/other", Buffer.from("a=b"))], 2);
    expect(statuses).toEqual(["302", "200"]);
    expect(reached).toEqual(["/fr/parc", "/fr/other"]);
  });

  it("also when the rest of the body arrives after the answer", async () => {
    const whole = post("/fr/parc", Buffer.from(`comment=${"y".repeat(300 * 1024)}`));
    const statuses = await exchange([whole.subarray(0, 100 * 1024), 300, whole.subarray(100 * 1024), post("/fr/other", Buffer.from("a=b"))], 2);
    expect(statuses).toEqual(["302", "200"]);
    expect(reached).toEqual(["/fr/parc", "/fr/other"]);
  });
});
