/**
 * The soak's mixed traffic: anonymous pages, signed-in pages and writes
 * (park and ride ratings, review votes), spread over the instances by a few
 * concurrent workers. Any answer other than the expected one, or a request
 * that fails, is an error.
 */
import postgres from "postgres";
import { DEMO_PASSWORD } from "~/server/demo/demo-users";
import type { Instance } from "./instances";

/** The header the soak's servers trust for the client address (TRUSTED_PROXY_HEADER). */
export const CLIENT_HEADER = "x-soak-client";

export type Targets = {
  parks: { id: string; slug: string }[];
  rides: { parkSlug: string; slug: string }[];
  /** Reviews written by members who are not the soak's, so that a soak member may vote on them. */
  reviews: { type: "park" | "attraction"; id: string }[];
  members: { id: string; email: string }[];
};

/** Demo members with the demo password (never the suspended one): the soak's signed-in visitors. */
export async function readTargets(sql: postgres.Sql, memberCount: number): Promise<Targets> {
  const members = await sql<{ id: string; email: string }[]>`
    SELECT u.id, u.email FROM "user" u
    WHERE u.email LIKE '%@demo.parcours.local' AND u.email NOT IN ('sam@demo.parcours.local', 'marie@demo.parcours.local')
      AND coalesce(u.banned, false) = false
    ORDER BY u.email LIMIT ${memberCount}`;
  const parks = await sql<{ id: string; slug: string }[]>`
    SELECT id, slug FROM parks WHERE moderation_status = 'approved' ORDER BY slug LIMIT 12`;
  const rides = await sql<{ parkSlug: string; slug: string }[]>`
    SELECT p.slug AS "parkSlug", a.slug FROM attractions a JOIN parks p ON p.id = a.park_id
    WHERE a.moderation_status = 'approved' AND a.status = 'operating' AND p.moderation_status = 'approved' AND p.slug = ANY(${parks.map((park) => park.slug)})
    ORDER BY a.slug LIMIT 60`;
  const ids = members.map((member) => member.id);
  const reviews = await sql<{ type: "park" | "attraction"; id: string }[]>`
    (SELECT 'park' AS type, id FROM park_ratings WHERE user_id <> ALL(${ids}) AND comment IS NOT NULL LIMIT 40)
    UNION ALL
    (SELECT 'attraction' AS type, id FROM attraction_ratings WHERE user_id <> ALL(${ids}) AND comment IS NOT NULL LIMIT 40)`;
  if (members.length < memberCount || parks.length === 0 || rides.length === 0 || reviews.length === 0) {
    throw new Error("the demo content is missing: no members, parks, rides or reviews to use");
  }
  return { parks, rides, reviews, members };
}

export type Session = { cookie: string; client: string };

export async function signIn(instance: Instance, email: string, client: string): Promise<Session> {
  const response = await fetch(`${instance.base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: instance.base, [CLIENT_HEADER]: client },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return { cookie: response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; "), client };
}

export type TrafficStats = {
  requests: number;
  byKind: Record<string, number>;
  errors: number;
  /** The first few errors, for the report. */
  samples: string[];
  latencies: number[];
};

type Step = { kind: string; path: string; init?: RequestInit };

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const stars = () => String(1 + Math.floor(Math.random() * 5));

/** One request of the mix: 40 % anonymous pages, 30 % signed-in pages, 30 % writes. */
function nextStep(targets: Targets, session: Session): Step {
  const park = pick(targets.parks);
  const ride = pick(targets.rides);
  const roll = Math.random();
  if (roll < 0.4) {
    return {
      kind: "anonymous page",
      path: pick([
        "/fr",
        "/en",
        `/fr/${park.slug}`,
        `/en/${park.slug}`,
        `/fr/${ride.parkSlug}/${ride.slug}`,
        "/fr/rankings",
        `/api/search?q=${encodeURIComponent(park.slug.slice(0, 4))}`,
      ]),
    };
  }
  const signedIn = { cookie: session.cookie };
  if (roll < 0.7) {
    const path = pick(["/fr", `/fr/${park.slug}`, `/fr/${ride.parkSlug}/${ride.slug}`, "/fr/profile", `/api/plans/${park.id}`]);
    return { kind: "signed-in page", path, init: { headers: signedIn } };
  }
  const form = (body: string): RequestInit => ({
    method: "POST",
    body,
    headers: { ...signedIn, "content-type": "application/x-www-form-urlencoded" },
  });
  if (roll < 0.8) {
    const body = `thrill=${stars()}&theming=${stars()}&visitDuration=full_day&comment=Soak+${Date.now()}`;
    return { kind: "write: park rating", path: `/fr/${park.slug}?intent=rate-park`, init: form(body) };
  }
  if (roll < 0.9) {
    const body = `rating=${stars()}&audienceType=${pick(["thrill", "kids", "general"])}&comment=Soak+${Date.now()}`;
    return { kind: "write: ride rating", path: `/fr/${ride.parkSlug}/${ride.slug}?intent=rate-attraction`, init: form(body) };
  }
  const review = pick(targets.reviews);
  const vote = pick(["helpful", "unhelpful", "none"]);
  const page = review.type === "park" ? `/fr/${park.slug}` : `/fr/${ride.parkSlug}/${ride.slug}`;
  return { kind: "write: vote", path: `${page}?intent=vote`, init: form(`ratingType=${review.type}&ratingId=${review.id}&vote=${vote}`) };
}

/**
 * Runs one loop per session until `until`, each on its own member, on the
 * instances in turn (worker i on instance i mod n), a request at a time. A vote may target a review of another
 * park than the page's: the service finds the review by its id and answers on
 * any review page, so the answer is still a 200.
 */
export async function runTraffic(
  instances: Instance[],
  sessions: Session[],
  targets: Targets,
  until: number,
): Promise<TrafficStats> {
  const stats: TrafficStats = { requests: 0, byKind: {}, errors: 0, samples: [], latencies: [] };
  const fail = (message: string) => {
    stats.errors++;
    if (stats.samples.length < 10) stats.samples.push(message);
  };
  const loop = async (worker: number) => {
    const instance = instances[worker % instances.length]!;
    const session = sessions[worker]!;
    while (Date.now() < until) {
      const step = nextStep(targets, session);
      const headers = { ...(step.init?.headers as Record<string, string>), origin: instance.base, [CLIENT_HEADER]: session.client };
      const started = performance.now();
      try {
        const response = await fetch(`${instance.base}${step.path}`, { ...step.init, headers, redirect: "manual" });
        await response.arrayBuffer();
        stats.latencies.push(performance.now() - started);
        if (response.status >= 400) fail(`${instance.name} ${step.init?.method ?? "GET"} ${step.path}: ${response.status}`);
      } catch (error) {
        fail(`${instance.name} ${step.init?.method ?? "GET"} ${step.path}: ${(error as Error).message}`);
      }
      stats.requests++;
      stats.byKind[step.kind] = (stats.byKind[step.kind] ?? 0) + 1;
    }
  };
  await Promise.all(sessions.map((_, worker) => loop(worker)));
  return stats;
}
