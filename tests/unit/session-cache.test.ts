import { describe, expect, it } from "vitest";
import type { ResolvedSession } from "~/server/auth/current-user";
import { createSessionCache } from "~/server/auth/session-cache";

const member = (id: string) => ({ id, username: `membre_${id}`, isAdmin: false, twoFactorEnabled: false });
const headers = (cookie: string) => new Headers({ cookie });

/** A session lookup that answers from a table and counts its calls, as better-auth and the profile would. */
function fakeLookup(answers: Record<string, ResolvedSession>) {
  const calls: string[] = [];
  return {
    calls,
    resolve: async (request: Headers) => {
      const cookie = request.get("cookie") ?? "";
      calls.push(cookie);
      return answers[cookie] ?? { user: null, setCookies: [] };
    },
  };
}

const FAR = Number.MAX_SAFE_INTEGER;

describe("the session cache's own rules", () => {
  it("keeps no answer that sends cookies back: a session being slid goes through better-auth each time", async () => {
    const lookup = fakeLookup({ a: { user: member("1"), setCookies: ["parcours.session_token=renewed"], validUntil: FAR } });
    const cache = createSessionCache(lookup.resolve);
    await cache.lookup(headers("a"));
    await cache.lookup(headers("a"));
    expect(lookup.calls).toEqual(["a", "a"]);
  });

  it("keeps no answer of a lookup that began before a drop: it may have read what the drop was for", async () => {
    let finish: (answer: ResolvedSession) => void = () => {};
    const calls: string[] = [];
    const cache = createSessionCache((request) => {
      calls.push(request.get("cookie")!);
      return new Promise((resolve) => (finish = resolve));
    });
    const pending = cache.lookup(headers("a"));
    cache.forgetMember("1");
    finish({ user: member("1"), setCookies: [], validUntil: FAR });
    expect((await pending).user?.id).toBe("1");
    const next = cache.lookup(headers("a"));
    finish({ user: null, setCookies: [] });
    expect((await next).user).toBeNull();
    expect(calls).toEqual(["a", "a"]);
  });

  it("drops one member's entries, whatever cookies they came with, and leaves the others", async () => {
    const lookup = fakeLookup({
      a: { user: member("1"), setCookies: [], validUntil: FAR },
      "a; lang=en": { user: member("1"), setCookies: [], validUntil: FAR },
      b: { user: member("2"), setCookies: [], validUntil: FAR },
    });
    const cache = createSessionCache(lookup.resolve);
    for (const cookie of ["a", "a; lang=en", "b"]) await cache.lookup(headers(cookie));
    cache.forgetMember("1");
    for (const cookie of ["a", "a; lang=en", "b"]) await cache.lookup(headers(cookie));
    expect(lookup.calls).toEqual(["a", "a; lang=en", "b", "a", "a; lang=en"]);
    cache.forgetAll();
    await cache.lookup(headers("b"));
    expect(lookup.calls.at(-1)).toBe("b");
  });

  it("never keeps a session past its own end, and holds a bounded number of entries", async () => {
    let now = 1_000;
    const lookup = fakeLookup({
      ending: { user: member("1"), setCookies: [], validUntil: 1_500 },
      b: { user: member("2"), setCookies: [], validUntil: FAR },
      c: { user: member("3"), setCookies: [], validUntil: FAR },
      d: { user: member("4"), setCookies: [], validUntil: FAR },
    });
    const cache = createSessionCache(lookup.resolve, { capacity: 2, now: () => now });
    await cache.lookup(headers("ending"));
    now = 1_499;
    await cache.lookup(headers("ending"));
    now = 1_500;
    await cache.lookup(headers("ending"));
    expect(lookup.calls).toEqual(["ending", "ending"]);
    // Two entries at most: "c", the least recently used when "d" comes, goes.
    for (const cookie of ["b", "c", "b", "d", "b", "c"]) await cache.lookup(headers(cookie));
    expect(lookup.calls.slice(2)).toEqual(["b", "c", "d", "c"]);
  });
});
