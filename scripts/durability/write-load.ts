/**
 * The writers of the durability run: one per signed-in member, each sending
 * one write at a time as the browser does (a single-fetch POST): park and
 * ride ratings, review votes and ride contributions. Every attempt goes into
 * the ledger under its key (what it sets: a member's rating of a park, a
 * member's vote on a review, a new ride), with a token the database keeps,
 * and whether a success answer came back. A write that got no answer (the
 * server was killed under it) may or may not have been committed; one that
 * got a success answer must be there, or overwritten by a later write of the
 * same key.
 */
import type { Member, Targets } from "./targets";

type Attempt = { token: string; acknowledged: boolean };
/** Per key, the attempts in the order they were sent (one writer per key: a key holds the member's id). */
export type Ledger = Map<string, Attempt[]>;
export type LoadCounts = { sent: number; acknowledged: number; refused: number; unanswered: number };

type Write = { key: string; token: string; url: string; body: Record<string, string>; success: string };

let sequence = 0;

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

/** A random write of this member's; the token is what the database will hold for it. */
function nextWrite(member: Member, targets: Targets): Write {
  const n = ++sequence;
  const token = `d${n}`;
  const comment = `Durabilité ${token} : un avis écrit pendant les arrêts brutaux du serveur.`;
  const roll = Math.random();
  if (roll < 0.3) {
    // A few parks per member: most writes after the first are edits of the member's review.
    const park = targets.parks[(member.email.length + n) % Math.min(4, targets.parks.length)]!;
    const stars = { thrill: String(1 + (n % 5)), theming: String(1 + ((n + 2) % 5)) };
    return {
      key: `park-rating ${member.id} ${park.id}`,
      token,
      url: `/fr/${park.slug}.data?intent=rate-park`,
      body: { ...stars, visitDuration: "full_day", comment },
      success: "saved",
    };
  }
  if (roll < 0.6) {
    const ride = targets.rides[(member.email.length * 3 + n) % Math.min(8, targets.rides.length)]!;
    return {
      key: `ride-rating ${member.id} ${ride.id}`,
      token,
      url: `/fr/${ride.parkSlug}/${ride.slug}.data?intent=rate-attraction`,
      body: { rating: String(1 + (n % 5)), audienceType: pick(["thrill", "kids", "general"]), comment },
      success: "saved",
    };
  }
  if (roll < 0.9) {
    const review = pick(targets.reviews.filter((candidate) => candidate.authorId !== member.id));
    const vote = pick(["helpful", "unhelpful", "none"]);
    return {
      key: `vote ${member.id} ${review.type} ${review.id}`,
      token: vote,
      url: `/fr/${review.page}.data?intent=vote`,
      body: { ratingType: review.type, ratingId: review.id, vote },
      success: "ok",
    };
  }
  const park = pick(targets.parks);
  return {
    key: `contribution ${token}`,
    token,
    url: `/fr/${park.slug}.data?intent=add-attraction`,
    body: { name: `Manège durable ${token}`, type: "roller_coaster" },
    success: "created",
  };
}

export type WriteLoad = { counts: LoadCounts; stop: () => Promise<void> };

/**
 * Starts one writer per member against `base()` (the server of the moment),
 * each pausing 200–800 ms between writes; `stop` waits for the writes under way.
 */
export function startWriteLoad(base: () => string, sessions: { member: Member; cookie: string }[], targets: Targets, ledger: Ledger): WriteLoad {
  const counts: LoadCounts = { sent: 0, acknowledged: 0, refused: 0, unanswered: 0 };
  let running = true;
  const writer = async ({ member, cookie }: { member: Member; cookie: string }) => {
    while (running) {
      const write = nextWrite(member, targets);
      const attempt: Attempt = { token: write.token, acknowledged: false };
      ledger.set(write.key, [...(ledger.get(write.key) ?? []), attempt]);
      counts.sent++;
      const origin = base();
      try {
        const response = await fetch(`${origin}${write.url}`, {
          method: "POST",
          headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(write.body).toString(),
          signal: AbortSignal.timeout(20_000),
        });
        const text = await response.text();
        if (response.status === 200 && text.includes(`"${write.success}"`)) {
          attempt.acknowledged = true;
          counts.acknowledged++;
        } else counts.refused++;
      } catch (error) {
        // A refused connection (the server not started again yet) sent nothing: that write never was (one writer per key: it is the last).
        if ((error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED") {
          counts.sent--;
          ledger.get(write.key)!.pop();
        } else counts.unanswered++; // Killed under it: the write may or may not be there.
      }
      await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 600));
    }
  };
  const writers = sessions.map(writer);
  return {
    counts,
    stop: async () => {
      running = false;
      await Promise.all(writers);
    },
  };
}
