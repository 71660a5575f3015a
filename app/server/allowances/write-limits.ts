import { and, eq, sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../db/database";
import { userWriteLimits } from "../db/schema";
import { suspensionColumn } from "./member-standing";

/** At most `max` writes in any `seconds`-long stretch of time (a sliding window, not a calendar day). */
type WriteWindow = { max: number; seconds: number };

export type WriteAction =
  | "review"
  | "reviewEdit"
  | "vote"
  | "report"
  | "suggestion"
  | "park"
  | "attraction"
  | "duel"
  | "duelReset"
  | "plan"
  | "rideLog"
  | "rideLogImport"
  | "waitReport"
  | "confirmationEmail";

/** The windows of each kind of write; a kind without any is not limited. */
export type WriteLimits = Record<WriteAction, readonly WriteWindow[]>;

/** The length in seconds of each period a cap may count over. */
const PERIOD_SECONDS = { perMinute: 60, perHour: 3600, perDay: 24 * 3600 };

/** The windows of one kind of write, from its caps: `limit({ perMinute: 30, perDay: 200 })`. */
function limit(caps: Partial<Record<keyof typeof PERIOD_SECONDS, number>>): WriteWindow[] {
  return Object.entries(caps).map(([period, max]) => ({ max, seconds: PERIOD_SECONDS[period as keyof typeof PERIOD_SECONDS] }));
}

/**
 * Per-member caps on writes (docs/rules/accounts.md#write-allowances), with Discourse's defaults as the
 * reference: max_topics_per_day 20, max_likes_per_day 50 (trust level 1, up
 * to 3× that for higher levels), max_flags_per_day 20, one post per 5 s.
 *
 * - review (a new park or attraction rating, not an edit): 50 per day. A new
 *   rating is closer to a like than to a topic for most rides (stars and an
 *   audience, the comment is optional), and a member back from a big park
 *   rates a few dozen rides in one evening; a script stops at 50.
 * - reviewEdit: 100 per day. Edits are free in spirit, but each may carry
 *   five photos to decode and re-encode, so they are not unlimited.
 * - vote (each helpful/unhelpful click, including the one that takes a vote
 *   back): 30 per minute and 200 per day. Clicks come in bursts while reading
 *   a park's reviews; Discourse's 50 likes a day counts likes only, ours
 *   counts every toggle, hence the higher daily figure.
 * - report: 20 per day, as Discourse's flags.
 * - suggestion (an edit suggestion on a park or ride, a replaced one
 *   included): 20 per day, as Discourse's topics. Each may carry a picture to
 *   re-encode and each costs the administrator a review.
 * - park, attraction (a contributed park or ride, docs/decisions/0040): 10
 *   parks and 60 rides per day. Each may carry a picture to re-encode and
 *   each pending one costs the administrator a review; a member who knows a
 *   region adds a few parks, and a big park's rides take an evening or two.
 * - duel (an answered duel, a duplicate one included): 60 per minute and
 *   2,000 per day. A member reading two cards answers every two seconds at
 *   most; ordering 100 rides takes about 530 duels (decision 0021), so a whole
 *   day's eager play fits, a script does not.
 * - duelReset (deleting one type's duels and ranking): 10 per hour and 30 per
 *   day. Each locks every ride the member duelled and moves their public
 *   counts; starting a type over is occasional (docs/decisions/0040).
 * - plan (a visit plan's save or a ride marked completed; a refused one
 *   gives its allowance back with its transaction): 120 per minute and
 *   5,000 per day. The plan saves itself
 *   after each drag, removal or priority toggle, so a member reordering a
 *   big park's rides sends a burst of a save a second or more; a day of
 *   planning several parks stays far below 5,000, a script does not. Each
 *   save rewrites at most 100 small rows.
 * - rideLog (an entry of the ride log logged, edited or deleted, a wish
 *   added or taken back): 60 per minute and 1,000 per day. A member back
 *   online sends a day's entries at once, in order (a big park is 40 rides);
 *   a year of riding fits in a day's edits, a script does not.
 * - rideLogImport (a CSV imported into the log, or an import undone): 10 per
 *   day. Each writes up to 10,000 entries in one transaction.
 * - waitReport (a wait reported at a ride, one that replaces the member's earlier report of the hour included,
 *   docs/rules/waits.md#reporting-a-wait): 60 per minute and 200 per day. A member reports a wait per ride they
 *   queue for, 20 to 40 on a big day, and the offline outbox sends a day's reports at once when the network is back;
 *   200 leaves room for two parks in a day and second thoughts, while a script that fills a ride's hours with made-up
 *   waits is stopped early (each member counts once per ride and hour anyway).
 * - confirmationEmail (a link that confirms the account's address, or a new
 *   one, with the notice to the old address): 1 per minute, Supabase Auth's
 *   one e-mail per address per 60 s (the reset e-mail's limit), and 10 per
 *   day, so that nobody can use the resend button to flood a mailbox.
 *
 * Services take the limits as a parameter with these as the default, so tests
 * use small ones without any test-only path in the code.
 */
export const WRITE_LIMITS: WriteLimits = {
  review: limit({ perDay: 50 }),
  reviewEdit: limit({ perDay: 100 }),
  vote: limit({ perMinute: 30, perDay: 200 }),
  report: limit({ perDay: 20 }),
  suggestion: limit({ perDay: 20 }),
  park: limit({ perDay: 10 }),
  attraction: limit({ perDay: 60 }),
  duel: limit({ perMinute: 60, perDay: 2000 }),
  duelReset: limit({ perHour: 10, perDay: 30 }),
  plan: limit({ perMinute: 120, perDay: 5000 }),
  rideLog: limit({ perMinute: 60, perDay: 1000 }),
  rideLogImport: limit({ perDay: 10 }),
  waitReport: limit({ perMinute: 60, perDay: 200 }),
  confirmationEmail: limit({ perMinute: 1, perDay: 10 }),
};

/** Both checks of a member's allowance for a kind of write: whether it has room (WRITE_LIMITS unless a test passes its own). */
type AllowanceCheck = (db: Executor, userId: string, action: WriteAction, limits?: WriteLimits) => Promise<boolean>;

function longestWindow(windows: readonly WriteWindow[]): number {
  return Math.max(...windows.map((window) => window.seconds));
}

function recentCount(recent: ReturnType<typeof sql>, seconds: number) {
  return sql`(SELECT count(*) FROM unnest(${recent}) AS at WHERE at > now() - make_interval(secs => ${seconds}))`;
}

/** The statement that counts one write of this kind if every window has room: it returns the member's row then, none otherwise. */
function allowanceUpsert(tx: Executor, userId: string, action: WriteAction, windows: readonly WriteWindow[]) {
  const recent = sql.raw(`"user_write_limits"."recent"`);
  return tx
    .insert(userWriteLimits)
    .values({ userId, action, recent: sql`ARRAY[now()]` })
    .onConflictDoUpdate({
      target: [userWriteLimits.userId, userWriteLimits.action],
      // Times older than the longest window no longer count: they are dropped as the row is rewritten.
      set: {
        recent: sql`array(SELECT at FROM unnest(${recent}) AS at
          WHERE at > now() - make_interval(secs => ${longestWindow(windows)}) ORDER BY at) || now()`,
      },
      setWhere: roomLeftIn(recent, windows),
    })
    .returning({ userId: userWriteLimits.userId });
}

/**
 * Counts one write of this kind for the member if every window still has room,
 * in one statement: the row's lock makes concurrent writes of one member wait
 * for each other, whichever server process they come from. Call it inside the
 * write's transaction, so that a write that fails or is refused later gives
 * its allowance back when the transaction rolls back.
 */
export const consumeWriteAllowance: AllowanceCheck = async (tx, userId, action, limits = WRITE_LIMITS) => {
  const windows = limits[action];
  if (windows.length === 0) return true;
  const rows = await allowanceUpsert(tx, userId, action, windows);
  return rows.length > 0;
};

/**
 * consumeWriteAllowance and the member's standing (suspensionColumn) in one statement, for a write whose first
 * statement is its allowance (the frequent writes count their statements, docs/rules/quality.md#member-writes):
 * whether the write was counted, and the member's suspension reason ('' for one without a reason, null when they may
 * write). The write is counted whatever the standing: a suspended member's write is refused, its transaction rolled
 * back, which gives the allowance back.
 */
export async function consumeWriteAllowanceOfMember(
  tx: Executor,
  userId: string,
  action: WriteAction,
  limits: WriteLimits = WRITE_LIMITS,
): Promise<{ allowed: boolean; suspension: string | null }> {
  const windows = limits[action];
  const [row] = await queryRows<{ allowed: boolean; suspension: string | null }>(
    tx,
    windows.length === 0
      ? sql`SELECT true AS allowed, ${suspensionColumn(userId)} AS suspension`
      : sql`WITH counted AS ${allowanceUpsert(tx, userId, action, windows)}
          SELECT EXISTS (SELECT 1 FROM counted) AS allowed, ${suspensionColumn(userId)} AS suspension`,
  );
  return { allowed: row!.allowed, suspension: row!.suspension };
}

/**
 * Whether the member could write now, without counting anything: a cheap
 * check before work that is costly to undo (decoding photos). The write's own
 * transaction still decides, with consumeWriteAllowance.
 */
export const hasWriteAllowance: AllowanceCheck = async (db, userId, action, limits = WRITE_LIMITS) => {
  const windows = limits[action];
  if (windows.length === 0) return true;
  const [row] = await db
    .select({ allowed: sql<boolean>`${roomLeftIn(sql.raw(`"user_write_limits"."recent"`), windows)}` })
    .from(userWriteLimits)
    .where(and(eq(userWriteLimits.userId, userId), eq(userWriteLimits.action, action)));
  return row ? row.allowed : windows.every((window) => window.max > 0);
};

/** True when every window still has room for one more write. */
function roomLeftIn(recent: SQL, windows: readonly WriteWindow[]): SQL {
  return sql.join(
    windows.map((window) => sql`${recentCount(recent, window.seconds)} < ${window.max}`),
    sql` AND `,
  );
}
