import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { DigestFrequency } from "~/domain/admin-notifications";
import type { Database } from "../db/database";
import { adminNotifications } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { digestMail, realtimeMail, type PendingNotification } from "./notification-mail";
import { periodicRuns } from "../jobs/periodic-runs";

export type NotificationJobDeps = { db: Database; mailer: Mailer; adminEmail: string; publicUrl: string; logger: Logger };

/** How long a sender owns the rows it claimed: past it, a crashed sender's rows are claimed again. */
export const CLAIM_LEASE_MS = 5 * 60 * 1000;
/** Rows claimed per pass; the next pass takes the rest. */
const CLAIM_BATCH = 200;
/** After a failed send, the rows wait 1, 2, 4… minutes, at most an hour, before the next attempt. */
const RETRY_BASE_MS = 60 * 1000;
const RETRY_MAX_MS = 60 * 60 * 1000;
/** How long a shutdown waits for the pass under way (within main.ts's last-resort margin). */
const STOP_WAIT_MS = 3_000;

type ClaimedRow = PendingNotification & { id: string; delivery: DigestFrequency; dueAt: Date; attempts: number };

/**
 * Claims the due, unsent rows no other sender holds (FOR UPDATE SKIP LOCKED:
 * two senders never take the same row) and leases them until now + lease.
 */
export async function claimDueNotifications(db: Database, now: Date): Promise<{ rows: ClaimedRow[]; leaseUntil: Date }> {
  const leaseUntil = new Date(now.getTime() + CLAIM_LEASE_MS);
  const due = db
    .select({ id: adminNotifications.id })
    .from(adminNotifications)
    .where(
      and(
        isNull(adminNotifications.sentAt),
        lte(adminNotifications.dueAt, now),
        or(isNull(adminNotifications.claimedUntil), lte(adminNotifications.claimedUntil, now)),
      ),
    )
    .orderBy(asc(adminNotifications.dueAt))
    .limit(CLAIM_BATCH)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(adminNotifications)
    .set({ claimedUntil: leaseUntil, attempts: sql`${adminNotifications.attempts} + 1` })
    .where(inArray(adminNotifications.id, due))
    .returning({
      id: adminNotifications.id,
      kind: adminNotifications.kind,
      summary: adminNotifications.summary,
      delivery: adminNotifications.delivery,
      dueAt: adminNotifications.dueAt,
      createdAt: adminNotifications.createdAt,
      attempts: adminNotifications.attempts,
    });
  return { rows, leaseUntil };
}

/** One e-mail: a realtime row alone, or every row of one digest period. */
type Envelope = { rows: ClaimedRow[]; subject: string; text: string };

function envelopes(rows: readonly ClaimedRow[], publicUrl: string): Envelope[] {
  const digests = new Map<string, ClaimedRow[]>();
  const result: Envelope[] = [];
  for (const row of rows) {
    if (row.delivery === "realtime") {
      result.push({ rows: [row], ...realtimeMail(row, publicUrl) });
      continue;
    }
    const key = `${row.delivery}@${row.dueAt.toISOString()}`;
    digests.set(key, [...(digests.get(key) ?? []), row]);
  }
  for (const group of digests.values()) {
    result.push({ rows: group, ...digestMail(group[0]!.delivery as Exclude<DigestFrequency, "realtime">, group, publicUrl) });
  }
  return result;
}

export type NotificationJob = {
  /** One pass at `now` (injectable: the tests and the e2e fixture run a digest "tomorrow"). */
  run: (now?: Date) => Promise<{ sent: number; failed: number }>;
  /** Runs a pass every `intervalMs`; a pass still under way skips the next tick. */
  start: (intervalMs: number) => void;
  /** Stops the timer and waits for the pass under way (at most STOP_WAIT_MS). */
  stop: () => Promise<void>;
};

/**
 * The sender of the administrator's notifications (docs/decisions/0016).
 * Every server process runs one; the claim keeps them from sending a row
 * twice. A row is marked sent only after its e-mail went; an SMTP failure
 * leaves it unsent, counted (attempts), logged, and retried with backoff.
 * Without a mailer nothing is claimed: the rows wait, and a warning says so once.
 */
export function createNotificationJob(deps: NotificationJobDeps): NotificationJob {
  let warnedNoMailer = false;

  async function run(now = new Date()) {
    if (deps.mailer.kind === "none") {
      if (!warnedNoMailer) deps.logger.warn("SMTP_URL is not set: the administrator's notifications wait unsent");
      warnedNoMailer = true;
      return { sent: 0, failed: 0 };
    }
    const { rows, leaseUntil } = await claimDueNotifications(deps.db, now);
    let sent = 0;
    let failed = 0;
    for (const envelope of envelopes(rows, deps.publicUrl)) {
      const ids = envelope.rows.map((row) => row.id);
      try {
        await deps.mailer.send({ to: deps.adminEmail, subject: envelope.subject, text: envelope.text });
      } catch (error) {
        failed += ids.length;
        const attempts = Math.max(...envelope.rows.map((row) => row.attempts));
        const retryAt = new Date(now.getTime() + Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_MAX_MS));
        deps.logger.error({ err: error, notifications: ids, attempts, retryAt }, "admin notification not sent: retried later");
        // The lease becomes the backoff: no sender claims these rows before retryAt.
        await deps.db
          .update(adminNotifications)
          .set({ claimedUntil: retryAt, lastError: error instanceof Error ? error.message : String(error) })
          .where(and(inArray(adminNotifications.id, ids), eq(adminNotifications.claimedUntil, leaseUntil)));
        continue;
      }
      await deps.db
        .update(adminNotifications)
        .set({ sentAt: now, claimedUntil: null })
        .where(and(inArray(adminNotifications.id, ids), isNull(adminNotifications.sentAt)));
      sent += ids.length;
    }
    return { sent, failed };
  }

  // A relay that hangs must not hold the shutdown: past the wait, the rows' lease lets another process send them.
  const timer = periodicRuns(() => run(), (error) => deps.logger.error({ err: error }, "admin notification job failed"), STOP_WAIT_MS);
  return { run, start: (intervalMs) => timer.start(intervalMs), stop: timer.stop };
}
