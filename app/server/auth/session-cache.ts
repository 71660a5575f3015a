import crypto from "node:crypto";
import type { LiveHub } from "../live/live-hub";
import { LruCache } from "../lru-cache";
import type { ResolvedSession } from "./current-user";

/**
 * How long this process answers a session's member without asking the database again (decision 0058): long enough
 * for a page and the requests it makes next, short enough to bound what a missed notice could leave standing.
 */
export const SESSION_CACHE_TTL_MS = 5_000;

/** Members signed in on one process within a few seconds; a bound, not a target (about 200 bytes each). */
const SESSION_CACHE_CAPACITY = 10_000;

/**
 * The prefix of the notices the database sends, on the live channel, when a member's sessions or standing change
 * (app/server/db/triggers/member-sessions-changed.sql): `member:<user id>`.
 */
const MEMBER_NOTICE = "member:";

type Entry = ResolvedSession & { user: NonNullable<ResolvedSession["user"]>; until: number };

export type SessionCache = {
  /** The request's member, from this process's memory when the same cookies were answered in the last few seconds. */
  lookup: (headers: Headers) => Promise<ResolvedSession>;
  /** Drops what is kept of one member's sessions, on this process. */
  forgetMember: (userId: string) => void;
  /** Drops everything kept, on this process. */
  forgetAll: () => void;
};

/**
 * A per-process cache in front of the session lookup (decision 0058). The key is a hash of the whole Cookie header
 * better-auth reads: the answer is a function of it, so no second reading of the cookies can disagree with
 * better-auth's own (its two parsers do not even agree with each other on a repeated name), and no token is kept
 * as a key. Only members are kept, and only answers that sent no cookie back: a session being slid or refreshed,
 * or a cookie being expired, goes through better-auth every time.
 */
export function createSessionCache(
  resolve: (headers: Headers) => Promise<ResolvedSession>,
  options: { ttlMs?: number; capacity?: number; now?: () => number } = {},
): SessionCache {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new LruCache<Entry>(options.capacity ?? SESSION_CACHE_CAPACITY);
  // Bumped by every drop: a lookup that began before a drop may have read what the drop was for, and is not kept.
  let generation = 0;

  return {
    async lookup(headers) {
      const cookie = headers.get("cookie");
      if (!cookie) return resolve(headers);
      const key = crypto.createHash("sha256").update(cookie).digest("base64url");
      const kept = entries.get(key);
      if (kept && kept.until > now()) return kept;
      if (kept) entries.delete(key);
      const startedIn = generation;
      const resolved = await resolve(headers);
      if (resolved.user && resolved.setCookies.length === 0 && generation === startedIn) {
        const until = Math.min(now() + ttlMs, resolved.validUntil);
        if (until > now()) entries.set(key, { ...resolved, until });
      }
      return resolved;
    },
    forgetMember(userId) {
      generation++;
      entries.deleteWhere((entry) => entry.user.id === userId);
    },
    forgetAll() {
      generation++;
      entries.clear();
    },
  };
}

/**
 * Drops the cache's entries on the database's member notices, whichever process wrote; everything when the
 * listening started again after a lost connection (notices may have been missed meanwhile). Returns the function
 * that stops following.
 */
export function followMemberNotices(cache: SessionCache, liveHub: Pick<LiveHub, "watchEveryChange">): () => void {
  return liveHub.watchEveryChange((topic) => {
    if (topic === null) cache.forgetAll();
    else if (topic.startsWith(MEMBER_NOTICE)) cache.forgetMember(topic.slice(MEMBER_NOTICE.length));
  });
}
