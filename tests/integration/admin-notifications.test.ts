import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino, { type Logger } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import type { AdminSettings } from "~/server/admin/admin-settings";
import { createRide } from "~/server/contributions/create-ride";
import { createPark } from "~/server/contributions/create-park";
import { adminNotifications, adminSettings, parkRatings } from "~/server/db/schema";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { createMailer, type Mailer } from "~/server/mail/mailer";
import { enqueueAdminNotification } from "~/server/notifications/enqueue-notification";
import { CLAIM_LEASE_MS, claimDueNotifications, createNotificationJob } from "~/server/notifications/notification-job";
import { reportReview } from "~/server/ratings/review-reports";
import { createMember, createPark as insertPark } from "../support/factories";
import { startSmtpCapture } from "../support/smtp-capture";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const ADMIN_EMAIL = "admin@parcours.test";
const PUBLIC_URL = "http://parcours.test";
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let mailer: Mailer;
let deps: Parameters<typeof createPark>[0];
const silent = pino({ level: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpCapture();
  mailer = createMailer({ smtpUrl: smtp.url, from: "parcours@parcours.test", outboxDir: null, logger: silent });
  deps = { db: database.db, imageStorage: createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "parcours-notify-"))), logger: silent };
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(adminNotifications);
  smtp.messages.length = 0;
  await settings({});
});

/** The defaults of docs/rules/back-office.md#settings, with the given changes. */
async function settings(changes: Partial<AdminSettings>) {
  await database.db
    .update(adminSettings)
    .set({ emailNotifications: true, notifyOnNewPark: true, notifyOnNewAttraction: true, notifyOnReport: true, digestFrequency: "daily", ...changes })
    .where(eq(adminSettings.id, 1));
}

function job(withMailer: Mailer = mailer, logger: Logger = silent) {
  return createNotificationJob({ db: database.db, mailer: withMailer, adminEmail: ADMIN_EMAIL, publicUrl: PUBLIC_URL, logger });
}

async function member(isAdmin = false): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin, twoFactorEnabled: false };
}

const parkFields = (name: string) => ({ name, region: "Oise", country: "France", descriptionFr: "Un parc à tester.", adultPrice: "", openingYear: "" });
const rideFields = (name: string) => ({ name, type: "roller_coaster" });

async function contributePark(name: string, author?: CurrentUser) {
  const created = await createPark(deps, author ?? (await member()), { fields: parkFields(name), image: null });
  expect(created.ok).toBe(true);
}

async function contributeRide(name: string) {
  const park = await insertPark(database.db);
  const created = await createRide(deps, await member(), park, { fields: rideFields(name), image: null });
  expect(created).toMatchObject({ ok: true });
}

async function reportAReview(reason: string) {
  const park = await insertPark(database.db);
  const author = await member();
  const [review] = await database.db.insert(parkRatings).values({ parkId: park.id, userId: author.id, thrillRating: 2, visitDuration: "full_day", comment: "Bof" }).returning();
  const reported = await reportReview({ db: database.db, logger: silent }, await member(), { ratingType: "park", ratingId: review!.id, reason });
  expect(reported.ok).toBe(true);
}

const rows = () => database.db.select().from(adminNotifications);

describe("administrator notifications in real time (docs/rules/back-office.md#notifications)", () => {
  it("sends one e-mail per new park, new ride and new report to ADMIN_EMAIL, and marks each sent once", async () => {
    await settings({ digestFrequency: "realtime" });
    await contributePark("Parc Temps Réel");
    await contributeRide("Grand Huit Temps Réel");
    await reportAReview("Propos injurieux");
    expect((await rows()).map((row) => row.kind).sort()).toEqual(["new_attraction", "new_park", "new_report"]);

    expect(await job().run()).toEqual({ sent: 3, failed: 0 });
    expect(smtp.messages.map((mail) => mail.to)).toEqual([ADMIN_EMAIL, ADMIN_EMAIL, ADMIN_EMAIL]);
    const subjects = smtp.messages.map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      "[Parcours] Nouveau parc à modérer : Parc Temps Réel",
      "[Parcours] Nouveau signalement d'avis",
      "[Parcours] Nouvelle attraction à modérer : Grand Huit Temps Réel",
    ]);
    const report = smtp.messages.find((mail) => mail.subject.includes("signalement"))!;
    expect(report.text).toContain("« Propos injurieux »");
    expect(report.text).toContain(`${PUBLIC_URL}/admin/comments`);
    expect((await rows()).every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);

    expect(await job().run()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(3);
  });

  it("writes nothing for a kind switched off, nor for anything when e-mail notifications are off", async () => {
    await settings({ digestFrequency: "realtime", notifyOnNewPark: false });
    await contributePark("Parc Sans Avis");
    await contributeRide("Manège Signalé");
    expect((await rows()).map((row) => row.kind)).toEqual(["new_attraction"]);

    await database.db.delete(adminNotifications);
    await settings({ digestFrequency: "realtime", emailNotifications: false });
    await contributePark("Parc Silencieux");
    await contributeRide("Manège Silencieux");
    await reportAReview("Spam");
    expect(await rows()).toEqual([]);
  });

  it("does not tell the administrator of their own additions", async () => {
    await settings({ digestFrequency: "realtime" });
    await contributePark("Parc de l'Administrateur", await member(true));
    expect(await rows()).toEqual([]);
  });

  it("writes no notification for an event whose transaction rolled back", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueAdminNotification(tx, { kind: "new_park", targetId: "x", name: "Parc Annulé", author: "someone" });
        throw new Error("the event failed after its notification");
      }),
    ).rejects.toThrow("the event failed");
    expect(await rows()).toEqual([]);
  });
});

describe("no double sending, nothing lost", () => {
  it("two senders running at once send each row exactly once", async () => {
    await settings({ digestFrequency: "realtime" });
    for (let index = 1; index <= 6; index++) await contributePark(`Parc Concurrent ${index}`);
    const [first, second] = await Promise.all([job().run(), job().run()]);
    expect(first!.sent + second!.sent).toBe(6);
    expect(smtp.messages).toHaveLength(6);
    expect(new Set(smtp.messages.map((mail) => mail.subject)).size).toBe(6);
    expect(await job().run()).toEqual({ sent: 0, failed: 0 });
  });

  it("sends again a row claimed by a sender that crashed, once its lease has passed", async () => {
    await settings({ digestFrequency: "realtime" });
    await contributePark("Parc Orphelin");
    const now = new Date();
    // A sender claims the row and dies before sending.
    expect((await claimDueNotifications(database.db, now)).rows).toHaveLength(1);
    expect(await job().run(new Date(now.getTime() + CLAIM_LEASE_MS - 1000))).toEqual({ sent: 0, failed: 0 });
    expect(await job().run(new Date(now.getTime() + CLAIM_LEASE_MS + 1000))).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages.map((mail) => mail.subject)).toEqual(["[Parcours] Nouveau parc à modérer : Parc Orphelin"]);
    expect((await rows())[0]).toMatchObject({ attempts: 2 });
  });

  it("keeps a row whose e-mail failed, counts the attempt, logs it and retries it after a backoff", async () => {
    await settings({ digestFrequency: "realtime" });
    await contributePark("Parc Injoignable");
    const failing: Mailer = { kind: "smtp", send: () => Promise.reject(new Error("SMTP relay down")) };
    const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn() } as unknown as Logger;
    const now = new Date();
    expect(await job(failing, logger).run(now)).toEqual({ sent: 0, failed: 1 });
    expect(logger.error).toHaveBeenCalledOnce();
    expect((await rows())[0]).toMatchObject({ sentAt: null, attempts: 1, lastError: "SMTP relay down" });
    // Not before the backoff (one minute after a first failure)…
    expect(await job().run(new Date(now.getTime() + 30 * 1000))).toEqual({ sent: 0, failed: 0 });
    // …then sent.
    expect(await job().run(new Date(now.getTime() + 2 * MINUTE))).toEqual({ sent: 1, failed: 0 });
    expect((await rows())[0]).toMatchObject({ attempts: 2 });
    expect(smtp.messages).toHaveLength(1);
  });

  it("a started job sends due rows on its own, and stops", async () => {
    await settings({ digestFrequency: "realtime" });
    const running = job();
    running.start(50);
    await contributePark("Parc Automatique");
    await vi.waitFor(() => expect(smtp.messages.map((mail) => mail.subject)).toEqual(["[Parcours] Nouveau parc à modérer : Parc Automatique"]), {
      timeout: 10_000,
    });
    await running.stop();
    await contributePark("Parc Après Arrêt");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages).toHaveLength(1);
  });

  it("leaves the rows unsent without a mailer, and says so once", async () => {
    await settings({ digestFrequency: "realtime" });
    await contributePark("Parc Sans SMTP");
    const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn() } as unknown as Logger;
    const noMailer = createMailer({ smtpUrl: undefined, from: "x@parcours.test", outboxDir: null, logger: silent });
    const unsent = job(noMailer, logger);
    expect(await unsent.run()).toEqual({ sent: 0, failed: 0 });
    expect(await unsent.run()).toEqual({ sent: 0, failed: 0 });
    expect(logger.warn).toHaveBeenCalledOnce();
    expect((await rows())[0]).toMatchObject({ sentAt: null, attempts: 0 });
    // A sender with a mailer (another process, or after a restart) sends it.
    expect(await job().run()).toEqual({ sent: 1, failed: 0 });
  });
});

describe("digests", () => {
  it("sends a daily digest of three events as one e-mail listing all three, not before its time", async () => {
    await settings({ digestFrequency: "daily" });
    await contributePark("Parc du Résumé");
    await contributeRide("Rivière du Résumé");
    await reportAReview("Hors sujet");
    const now = new Date();
    const dueAt = (await rows())[0]!.dueAt;
    expect((await rows()).every((row) => row.dueAt.getTime() === dueAt.getTime() && row.delivery === "daily")).toBe(true);

    expect(await job().run(now)).toEqual({ sent: 0, failed: 0 });
    expect(await job().run(new Date(dueAt.getTime() - 1000))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toEqual([]);

    expect(await job().run(new Date(now.getTime() + DAY))).toEqual({ sent: 3, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    const [digest] = smtp.messages;
    expect(digest).toMatchObject({ to: ADMIN_EMAIL, subject: "[Parcours] Résumé quotidien : 3 événement(s)" });
    expect(digest!.text).toContain("Nouveau parc « Parc du Résumé » proposé par");
    expect(digest!.text).toContain("Nouvelle attraction « Rivière du Résumé » proposée par");
    expect(digest!.text).toContain("« Hors sujet »");
    expect(await job().run(new Date(now.getTime() + 2 * DAY))).toEqual({ sent: 0, failed: 0 });
  });

  it("holds a weekly digest until its Monday", async () => {
    await settings({ digestFrequency: "weekly" });
    await contributePark("Parc de la Semaine");
    const [row] = await rows();
    expect(row!.dueAt.getUTCDay()).toBe(1);
    expect(await job().run(new Date(row!.dueAt.getTime() - MINUTE))).toEqual({ sent: 0, failed: 0 });
    expect(await job().run(row!.dueAt)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages[0]!.subject).toBe("[Parcours] Résumé hebdomadaire : 1 événement(s)");
  });
});
