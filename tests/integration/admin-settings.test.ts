import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { DEFAULT_ADMIN_SETTINGS, readAdminSettings, saveSettings } from "~/server/admin/admin-settings";
import { listParks } from "~/server/catalog/park-queries";
import { createRide } from "~/server/contributions/create-ride";
import { createPark } from "~/server/contributions/create-park";
import { adminSettings, rides, contentModifications, moderationLogs, parks } from "~/server/db/schema";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { action } from "~/routes/admin/settings";
import { expectAggregatesAsRecomputed } from "../support/aggregates";
import { createAuthContext } from "../support/auth-context";
import { createMember, createPark as insertPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let deps: Parameters<typeof createPark>[0];
let admin: CurrentUser;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
  deps = { db: database.db, imageStorage: createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "parcours-settings-"))), logger };
  admin = await member(true);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.update(adminSettings).set(DEFAULT_ADMIN_SETTINGS).where(eq(adminSettings.id, 1));
});

async function member(isAdmin = false): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin, twoFactorEnabled: false };
}

const settingsLog = (card: string) =>
  database.db
    .select()
    .from(moderationLogs)
    .where(and(eq(moderationLogs.actionType, "update_settings"), eq(moderationLogs.targetId, card)));

describe("saving the settings (docs/rules/back-office.md#settings)", () => {
  it("starts from the defaults", async () => {
    expect(await readAdminSettings(database.db)).toEqual(DEFAULT_ADMIN_SETTINGS);
  });

  it("saves 'Paramètres généraux' with a moderation log row, leaving the notification settings as they were", async () => {
    const saved = await saveSettings(database.db, logger, admin, "general", { autoModeration: "on", maxReportsBeforeHide: "5" });
    expect(saved).toMatchObject({ ok: true });
    expect(await readAdminSettings(database.db)).toEqual({ ...DEFAULT_ADMIN_SETTINGS, autoModeration: true, requireApproval: false, maxReportsBeforeHide: 5 });
    const [entry] = await settingsLog("general");
    expect(entry).toMatchObject({
      targetType: "settings",
      moderatorId: admin.id,
      actionDetails: "autoModeration=true, requireApproval=false, maxReportsBeforeHide=5",
    });
  });

  it("saves 'Paramètres de notification' with its log row", async () => {
    const before = (await settingsLog("notifications")).length;
    const saved = await saveSettings(database.db, logger, admin, "notifications", {
      emailNotifications: "on",
      notifyOnReport: "on",
      digestFrequency: "weekly",
    });
    expect(saved).toMatchObject({ ok: true });
    expect(await readAdminSettings(database.db)).toMatchObject({
      emailNotifications: true,
      notifyOnNewPark: false,
      notifyOnNewAttraction: false,
      notifyOnReport: true,
      digestFrequency: "weekly",
      maxReportsBeforeHide: 3,
    });
    expect(await settingsLog("notifications")).toHaveLength(before + 1);
  });

  it.each(["0", "11", "2.5", "", "trois"])("refuses %j reports before hiding with the translated message, writing nothing", async (value) => {
    const logRows = (await settingsLog("general")).length;
    const saved = await saveSettings(database.db, logger, admin, "general", { autoModeration: "on", maxReportsBeforeHide: value });
    expect(saved).toEqual({
      ok: false,
      reason: "invalid",
      errors: { maxReportsBeforeHide: [{ key: "admin.settings.maxReportsRange", values: { min: 1, max: 10 } }] },
    });
    expect(await readAdminSettings(database.db)).toEqual(DEFAULT_ADMIN_SETTINGS);
    expect(await settingsLog("general")).toHaveLength(logRows);
  });

  it("refuses a digest frequency that is not offered", async () => {
    const saved = await saveSettings(database.db, logger, admin, "notifications", { digestFrequency: "hourly" });
    expect(saved).toMatchObject({ ok: false, reason: "invalid", errors: { digestFrequency: [{ key: "admin.settings.digestInvalid" }] } });
    expect(await readAdminSettings(database.db)).toEqual(DEFAULT_ADMIN_SETTINGS);
  });
});

describe("approval required takes effect (docs/rules/quality.md#settings-take-effect)", () => {
  const parkFields = (name: string) => ({ name, region: "Somme", country: "France", descriptionFr: "Un parc.", adultPrice: "", openingYear: "" });

  it("keeps a member's park pending while approval is required", async () => {
    const created = await createPark(deps, await member(), { fields: parkFields("Parc En Attente Réglé"), image: null });
    expect(created).toMatchObject({ ok: true, moderationStatus: "pending" });
  });

  it("with approval off, approves a member's park at creation: listed by listParks, its contribution approved", async () => {
    await saveSettings(database.db, logger, admin, "general", { maxReportsBeforeHide: "3" });
    const author = await member();
    const created = await createPark(deps, author, { fields: parkFields("Parc Publié Direct"), image: null });
    expect(created).toMatchObject({ ok: true, moderationStatus: "approved" });
    if (!created.ok) return;
    const listed = await listParks(database.db, { country: "France", region: "Somme", minRating: 0, sort: "rating", page: 1 });
    expect(listed.parks.map((park) => park.name)).toContain("Parc Publié Direct");
    const [record] = await database.db.select().from(contentModifications).where(eq(contentModifications.targetId, created.id));
    expect(record).toMatchObject({ userId: author.id, status: "approved" });
  });

  it("with approval off, approves a member's ride at creation and counts it in its park's aggregates at once", async () => {
    await saveSettings(database.db, logger, admin, "general", { maxReportsBeforeHide: "3" });
    const park = await insertPark(database.db);
    const created = await createRide(deps, await member(), park, { fields: { name: "Grand Huit Direct", type: "roller_coaster" }, image: null });
    expect(created).toMatchObject({ ok: true, moderationStatus: "approved" });
    if (!created.ok) return;
    const [ride] = await database.db.select().from(rides).where(eq(rides.id, created.id));
    expect(ride!.moderationStatus).toBe("approved");
    const [counted] = await database.db.select({ count: parks.attractionsCount }).from(parks).where(eq(parks.id, park.id));
    expect(counted!.count).toBe(1);
    await expectAggregatesAsRecomputed(database.db);
  });
});

describe("the settings screen's action", () => {
  type ActionArgs = Parameters<typeof action>[0];
  async function post(user: CurrentUser | null, form: Record<string, string>) {
    const { context, browserRequest } = createAuthContext(database);
    const request = browserRequest("/admin/settings", { form });
    try {
      return await action({ request, context: { ...context, currentUser: user }, params: {} } as unknown as ActionArgs);
    } catch (thrown) {
      return thrown;
    }
  }
  const status = (answer: unknown) => (answer as { init?: { status?: number } | null }).init?.status ?? (answer as Response).status;

  it("refuses visitors and members, writing nothing", async () => {
    const logRows = (await settingsLog("general")).length;
    const form = { intent: "general", autoModeration: "on", maxReportsBeforeHide: "9" };
    expect(status(await post(null, form))).toBe(302);
    expect(status(await post(await member(), form))).toBe(403);
    expect(await readAdminSettings(database.db)).toEqual(DEFAULT_ADMIN_SETTINGS);
    expect(await settingsLog("general")).toHaveLength(logRows);
  });

  it("answers 400 with the field's message for 11 reports, and saves 5", async () => {
    const refused = await post(admin, { intent: "general", maxReportsBeforeHide: "11" });
    expect(status(refused)).toBe(400);
    expect((refused as { data: unknown }).data).toMatchObject({
      ok: false,
      intent: "general",
      error: { key: "admin.settings.maxReportsRange" },
      fields: { maxReportsBeforeHide: [{ key: "admin.settings.maxReportsRange" }] },
    });
    expect(await post(admin, { intent: "general", requireApproval: "on", maxReportsBeforeHide: "5" })).toEqual({ ok: true, intent: "general" });
    expect((await readAdminSettings(database.db)).maxReportsBeforeHide).toBe(5);
    expect(status(await post(admin, { intent: "approve" }))).toBe(400);
  });
});
