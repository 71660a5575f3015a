import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveCurrentUser } from "~/server/auth/current-user";
import { anonymousPageCache, markRenderedForMember } from "../../http/anonymous-page-cache";
import { keptPagesFirst } from "../../http/kept-pages-first";
import { createRenderedPageCache } from "../../http/rendered-page-cache";
import { securityHeaderWriter, securityHeaders } from "../../http/security-headers";
import { createAuthContext } from "../support/auth-context";
import { createMemberWithPassword } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Kept pages and members (decision 0037): whatever spelling of the session cookie the auth library accepts, a
 * member's render is never kept, so the next visitor of the same address never sees the member's data. The page
 * handler resolves the member with the real better-auth, as the server's load context does.
 */
let database: TestDatabase;
let auth: ReturnType<typeof createAuthContext>;
let server: http.Server;
let base: string;
let memberName: string;
let sessionCookie: { name: string; value: string };
const kept = createRenderedPageCache();
const securityOptions = { development: false, https: false, formTargets: [] };

beforeAll(async () => {
  database = await createTestDatabase();
  auth = createAuthContext(database);
  const member = await createMemberWithPassword(database.db, "kept-member@parcours.test", "Kept_Member");
  memberName = member.username;
  const cookie = await auth.openSession(member.id);
  const split = cookie.indexOf("=");
  sessionCookie = { name: cookie.slice(0, split), value: cookie.slice(split + 1) };

  const app = express();
  app.use(securityHeaders(securityOptions));
  app.use(anonymousPageCache(kept));
  app.get(["/fr/account", "/fr/marked"], async (request, response) => {
    const headers = new Headers(request.headers.cookie ? { cookie: request.headers.cookie } : {});
    const { user } = await resolveCurrentUser(auth.auth, database.db, auth.config, headers);
    // /fr/marked stands for a member found by some other way than this cookie: the mark alone must keep it private.
    const member = request.path === "/fr/marked" ? { username: memberName } : user;
    if (member) markRenderedForMember(response);
    const nonce = response.locals.nonce as string;
    response.status(200).type("html");
    response.end(`<!DOCTYPE html><html><body><script nonce="${nonce}">1</script><p>${member ? `Bonjour ${member.username}` : "Bonjour visiteur"}</p></body></html>`);
  });
  const answerKeptPage = keptPagesFirst({
    keptPages: kept,
    writeSecurityHeaders: securityHeaderWriter(securityOptions),
    requestId: () => "id",
    watch: () => {},
    logged: () => {},
  });
  server = http.createServer((request, response) => {
    if (!answerKeptPage(request, response)) app(request, response);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

/** The page kept for an address, whichever kind of client fetch is taken for (isbot takes its user agent for a crawler). */
const keptPage = (address: string) => kept.get(`crawler ${address}`) ?? kept.get(`browser ${address}`);

/** Spaces and tabs, which both of the auth library's parsers trim around names and values. */
const blank = fc.constantFrom("", " ", "  ", "\t", " \t");

/** The cookie's value as the parsers still read it: as sent, quoted, percent-encoded further, with blanks around. */
function valueSpelling(value: string) {
  const decoded = decodeURIComponent(value);
  const everyByteEncoded = [...Buffer.from(decoded)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  return fc.tuple(blank, fc.constantFrom(value, `"${value}"`, everyByteEncoded, decoded.replaceAll(".", "%2E")), blank).map(([before, core, after]) => before + core + after);
}

/** A whole Cookie header carrying the session: other cookies around it, separators with or without their space. */
function cookieHeaderSpelling() {
  return fc
    .tuple(blank, valueSpelling(sessionCookie.value), fc.constantFrom("; ", ";", " ; "), fc.constantFrom([], ["lang=fr"], ["lang=fr", "theme=dark"]), fc.boolean())
    .map(([padding, value, separator, others, sessionFirst]) => {
      const session = `${padding}${sessionCookie.name}${padding}=${value}`;
      return (sessionFirst ? [session, ...others] : [...others, session]).join(separator);
    });
}

describe("kept pages never hold a member's render", () => {
  it("for every spelling of the session cookie the auth library accepts, the next visitor of the address is shown as a visitor", async () => {
    let accepted = 0;
    let address = 0;
    await fc.assert(
      fc.asyncProperty(cookieHeaderSpelling(), async (cookie) => {
        const resolved = await resolveCurrentUser(auth.auth, database.db, auth.config, new Headers({ cookie }));
        // Only the spellings that open the session matter; the others render a visitor's page anyway.
        fc.pre(resolved.user !== null);
        accepted++;
        const page = `${base}/fr/account?x=${address++}`;
        const asMember = await fetch(page, { headers: { cookie } });
        expect(await asMember.text()).toContain(`Bonjour ${memberName}`);
        expect(asMember.headers.get("cache-control")).toBe("private, no-store");
        const nextVisitor = await fetch(page);
        const shown = await nextVisitor.text();
        expect(shown).not.toContain(memberName);
        expect(shown).toContain("Bonjour visiteur");
      }),
      { numRuns: 60 },
    );
    // The spellings above are ones the parsers take: most of them must have opened the session.
    expect(accepted).toBeGreaterThan(30);
  });

  it("the spelling the review found (a space after `=`) is recognised as a member's", async () => {
    const cookie = `${sessionCookie.name}= ${sessionCookie.value}`;
    expect((await resolveCurrentUser(auth.auth, database.db, auth.config, new Headers({ cookie }))).user?.username).toBe(memberName);
    await (await fetch(`${base}/fr/account?review=1`, { headers: { cookie } })).text();
    expect(await (await fetch(`${base}/fr/account?review=1`)).text()).not.toContain(memberName);
  });

  it("a render that resolved a member is neither kept nor public, whatever the request's cookies", async () => {
    const first = await fetch(`${base}/fr/marked`);
    expect(await first.text()).toContain(`Bonjour ${memberName}`);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.headers.get("etag")).toBeNull();
    expect(keptPage("/fr/marked")).toBeUndefined();
  });

  it("a visitor's page is still kept and answered from memory", async () => {
    await (await fetch(`${base}/fr/account?visitor=1`)).text();
    expect(keptPage("/fr/account?visitor=1")).toBeDefined();
  });
});
