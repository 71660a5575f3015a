import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessage } from "~/domain/form-values";
import { isProfileId } from "~/domain/ids";
import { deleteAccountIn } from "../accounts/delete-account";
import { isAdministratorAddress } from "../auth/administrator";
import { reactivateMemberIn, suspendMemberIn } from "../auth/suspension";
import type { Config } from "../config";
import type { Database, Transaction } from "../db/database";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { profiles, users } from "../db/schema";
import type { ImageStorage } from "../images/image-storage";
import { deleteStoredImages } from "../images/delete-stored-images";
import { logModeration } from "./moderation-log";

export type MemberModerationDeps = {
  db: Database;
  config: Pick<Config, "adminEmail">;
  imageStorage: ImageStorage;
  logger: Logger;
  sessionsChanged: (userId: string) => void;
};
export type ModerationOutcome = { ok: true } | { ok: false; reason: "invalid" | "forbidden" | "conflict" | "failed"; error: FieldMessage };
type Refusal = Extract<ModerationOutcome, { ok: false }>;

const STALE: Refusal = { ok: false, reason: "conflict", error: { key: "admin.errors.stale" } };
const BAD_REQUEST: Refusal = { ok: false, reason: "invalid", error: { key: "errors.badRequest" } };

/**
 * Suspends a member from the back office (docs/rules/back-office.md#user-management): the reason is
 * required, the member's sessions all end at once (their open page is signed
 * out at its next request), and the log row (`suspend`, the reason) is written
 * in the same transaction. A member already suspended is a stale screen.
 */
export async function suspendMemberAsAdmin(deps: MemberModerationDeps, admin: CurrentUser, userId: string, reason: string): Promise<ModerationOutcome> {
  const trimmed = reason.trim();
  if (!trimmed) return { ok: false, reason: "invalid", error: { key: "admin.errors.reasonRequired" } };
  const outcome = await moderate(deps, "user suspension failed", "admin.users.updateFailed", async (tx, refuse) => {
    await lockTarget(tx, deps.config, admin, userId, refuse);
    if (!(await suspendMemberIn(tx, userId, trimmed))) refuse(STALE);
    await logModeration(tx, { action: "suspend", targetType: "user", targetId: userId, moderatorId: admin.id, details: trimmed });
  });
  if (outcome.ok) deps.sessionsChanged(userId);
  return outcome;
}

/** Reactivates a suspended member (the reason is cleared), logged in the same transaction. */
export async function reactivateMemberAsAdmin(deps: MemberModerationDeps, admin: CurrentUser, userId: string): Promise<ModerationOutcome> {
  const outcome = await moderate(deps, "user reactivation failed", "admin.users.updateFailed", async (tx, refuse) => {
    if (!isProfileId(userId)) refuse(BAD_REQUEST);
    if (!(await reactivateMemberIn(tx, userId))) refuse(STALE);
    await logModeration(tx, { action: "reactivate", targetType: "user", targetId: userId, moderatorId: admin.id });
  });
  if (outcome.ok) deps.sessionsChanged(userId);
  return outcome;
}

/**
 * Deletes a member with the account deletion cascade (their reviews and
 * contributions go, the aggregates they touched are recomputed) and the log
 * row, in one transaction; their stored images are removed once committed.
 */
export async function deleteMemberAsAdmin(deps: MemberModerationDeps, admin: CurrentUser, userId: string): Promise<ModerationOutcome> {
  let images: string[] = [];
  const outcome = await moderate(deps, "user deletion failed", "admin.users.deleteFailed", async (tx, refuse) => {
    await lockTarget(tx, deps.config, admin, userId, refuse);
    const deletion = await deleteAccountIn(tx, deps.config, userId);
    if (!deletion.ok) return refuse(deletion.reason === "administrator" ? adminRefused() : STALE);
    images = deletion.imageReferences;
    await logModeration(tx, { action: "delete", targetType: "user", targetId: userId, moderatorId: admin.id });
  });
  if (outcome.ok) {
    deps.sessionsChanged(userId);
    await deleteStoredImages(deps.imageStorage, images, deps.logger);
  }
  return outcome;
}

/**
 * The member's row, locked: gone is a stale screen; the administrator's own
 * account and ADMIN_EMAIL's are never suspended nor deleted from here.
 */
async function lockTarget(
  tx: Transaction,
  config: Pick<Config, "adminEmail">,
  admin: CurrentUser,
  userId: string,
  refuse: (refusal: Refusal) => never,
): Promise<void> {
  if (!isProfileId(userId)) refuse(BAD_REQUEST);
  if (userId === admin.id) refuse({ ok: false, reason: "forbidden", error: { key: "admin.users.selfRefused" } });
  const [target] = await tx
    .select({ email: users.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .for("update");
  if (!target) refuse(STALE);
  if (isAdministratorAddress(config, target.email)) refuse(adminRefused());
}

function adminRefused(): Refusal {
  return { ok: false, reason: "forbidden", error: { key: "admin.users.adminRefused" } };
}

/** One moderation transaction; a refusal writes nothing, a failure is logged and answered with the screen's message. */
async function moderate(
  deps: MemberModerationDeps,
  failure: string,
  failureKey: "admin.users.updateFailed" | "admin.users.deleteFailed",
  work: (tx: Transaction, refuse: (refusal: Refusal) => never) => Promise<void>,
): Promise<ModerationOutcome> {
  try {
    const refusal = await transactionOrRefusal<void, Refusal>(deps.db, work);
    return refusal ?? { ok: true };
  } catch (error) {
    deps.logger.error({ err: error }, failure);
    return { ok: false, reason: "failed", error: { key: failureKey } };
  }
}
