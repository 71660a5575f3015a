import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { readForm } from "~/server/http/read-form";
import { refuseMalformedRequests } from "../../http/refuse-malformed-requests";

/**
 * Requests no page of ours sends get a translated 4xx before
 * React Router reads them, never the 500 they used to get (a broken JSON body
 * posted to /fr/login, a NUL byte in the home page's filter); a form that
 * does not parse, or carries a NUL byte, is refused by readForm. The fuzz
 * suite (npm run fuzz) sends thousands more of these to the real server.
 */
async function withGuard(run: (base: string, reached: () => number) => Promise<void>) {
  const app = express();
  let reached = 0;
  app.use(refuseMalformedRequests());
  app.all("/{*path}", (_request, response) => {
    reached++;
    response.send("reached");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, () => reached);
  } finally {
    server.close();
  }
}

const answer = async (response: Response) => [response.status, await response.text()];

describe("requests refused before the router", () => {
  it("refuses a page POST whose body is not a form (the login's broken JSON was a 500): 400, in the page's language", async () => {
    await withGuard(async (base, reached) => {
      const json = { method: "POST", headers: { "content-type": "application/json" }, body: '{"intent":' };
      expect(await answer(await fetch(`${base}/fr/login`, json))).toEqual([400, "Requête invalide : cette page n'accepte que l'envoi de ses formulaires."]);
      expect(await answer(await fetch(`${base}/en/signup`, json))).toEqual([400, "Invalid request: this page only accepts its own forms."]);
      expect((await fetch(`${base}/fr/reset-password`, { method: "POST", body: "x" })).status).toBe(400);
      expect(reached()).toBe(0);
      // Its own forms go through, as React Router's data requests do.
      expect((await fetch(`${base}/fr/login`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=a" })).status).toBe(200);
      expect((await fetch(`${base}/fr/parc-asterix.data`, { method: "POST", body: new FormData() })).status).toBe(200);
      expect(reached()).toBe(2);
    });
  });

  it("refuses an address with a NUL byte (PostgreSQL refuses it in any text): 400", async () => {
    await withGuard(async (base, reached) => {
      expect(await answer(await fetch(`${base}/fr?country=%00`))).toEqual([400, "Requête invalide : l'adresse contient un caractère nul."]);
      expect((await fetch(`${base}/en/parc%00asterix`)).status).toBe(400);
      expect(reached()).toBe(0);
    });
  });

  it("refuses writes to a page by other methods than POST: 405 with Allow", async () => {
    await withGuard(async (base) => {
      const response = await fetch(`${base}/fr/login`, { method: "PUT", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=b" });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
    });
  });

  it("leaves the JSON endpoints under /api/ to answer their own bodies", async () => {
    await withGuard(async (base, reached) => {
      expect((await fetch(`${base}/api/plans/x`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" })).status).toBe(200);
      expect(reached()).toBe(1);
    });
  });
});

describe("readForm", () => {
  const post = (body: BodyInit, type?: string) => new Request("http://parcours.test/fr/login", { method: "POST", body, headers: type ? { "content-type": type } : {} });
  const refusal = async (request: Request) => {
    try {
      await readForm(request);
      return null;
    } catch (error) {
      const thrown = error as { init?: { status?: number }; data?: unknown };
      return [thrown.init?.status, thrown.data];
    }
  };

  it("reads a form", async () => {
    expect((await readForm(post("email=a%40b.c", "application/x-www-form-urlencoded"))).get("email")).toBe("a@b.c");
  });

  it("refuses a multipart body that does not parse, and a value with a NUL byte, with a translated 400", async () => {
    expect(await refusal(post("--x\r\nbroken", "multipart/form-data; boundary=y"))).toEqual([400, "Requête invalide : le formulaire envoyé n'a pas pu être lu."]);
    expect(await refusal(post("comment=a%00b", "application/x-www-form-urlencoded"))).toEqual([400, "Requête invalide : le formulaire envoyé n'a pas pu être lu."]);
  });
});
