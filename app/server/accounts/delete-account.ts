import type { RefusalReason } from "~/domain/outcome";
import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "~/server/load-context";
import { checkDeleteAccountForm, type DeleteAccountField } from "~/domain/account-rules";
import type { FieldMessages } from "~/domain/form-values";
import { rideTopic, parkTopic } from "~/domain/live-topics";
import { isAdministratorAddress } from "../auth/administrator";
import type { Config } from "../config";
import { queryRows, type Database, type Transaction } from "../db/database";
import { idArray } from "../db/id-array";
import { rides, parks, users } from "../db/schema";
import { notApproved } from "../catalog/visibility";
import { callAuth } from "../auth/call-auth";
import { notifyLive } from "../live/notify";
import { recomputeAggregates } from "../ratings/recompute-aggregates";
import { deleteStoredImages } from "../images/delete-stored-images";
import { verifyCurrentPassword } from "./verify-password";
import { pendingSuggestionImages } from "../suggestions/pending-suggestion-images";
import { lockDuelledRides } from "../duels/lock-duelled-rides";

export type AccountDeletion =
  | { ok: true; imageReferences: string[] }
  | { ok: false; reason: "administrator" | "not-found" };

/**
 * Deletes a member and what they wrote, in ONE transaction (docs/rules/quality.md#deleting-a-user: reviews,
 * votes, duels, rankings, plans, suggestions, reports, top lists and pending or
 * rejected contributions go; approved parks and attractions stay, without an
 * author), and leaves every maintained aggregate as recomputeAggregates defines
 * it: the ids the deleted rows touched are collected first, then the rows go
 * (foreign keys cascade from the account; triggers take votes and reports off
 * deleted reviews), then just those aggregates are recomputed — the members'
 * figures and the duel counts among them, which the row triggers have already
 * moved, to the same values.
 *
 * The administrator (ADMIN_EMAIL) cannot be deleted: the site needs it.
 * Returns the stored image references that were the member's (review photos,
 * images of their deleted contributions, pictures of pending suggestions), to
 * remove once committed.
 */
export async function deleteAccount(db: Database, config: Pick<Config, "adminEmail">, userId: string): Promise<AccountDeletion> {
  return db.transaction((tx) => deleteAccountIn(tx, config, userId));
}

/**
 * deleteAccount's work inside a transaction the caller holds (the back office
 * writes its moderation log row in the same one). A refusal writes nothing.
 */
export async function deleteAccountIn(tx: Transaction, config: Pick<Config, "adminEmail">, userId: string): Promise<AccountDeletion> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
  if (!user) return { ok: false, reason: "not-found" } as const;
  if (isAdministratorAddress(config, user.email)) return { ok: false, reason: "administrator" } as const;

  // Their duels go with them: their rides' counts are locked first, in the order other duels take them.
  await lockDuelledRides(tx, sql`user_id = ${userId}`);

  // Their parks and attractions that are not approved go; approved ones stay (created_by → NULL).
  const doomedParks = await queryRows<{ id: string; image_url: string | null }>(
    tx,
    sql`SELECT id, image_url FROM parks WHERE created_by = ${userId} AND ${notApproved(parks)}`,
  );
  const doomedParkIds = doomedParks.map((park) => park.id);
  const doomedRides = await queryRows<{ id: string; park_id: string; image_url: string | null }>(
    tx,
    sql`SELECT id, park_id, image_url FROM attractions
      WHERE (created_by = ${userId} AND ${notApproved(rides)}) OR park_id = ANY(${idArray(doomedParkIds)}::uuid[])`,
  );
  const doomedRideIds = doomedRides.map((ride) => ride.id);

  // What their deletion touches: parks and attractions they rated, reviews they voted on,
  // and members whose ratings of a deleted contribution disappear with it.
  const parkRatings = await queryRows<{ park_id: string; images: string[] | null }>(
    tx,
    sql`SELECT park_id, images FROM park_ratings
      WHERE user_id = ${userId} OR park_id = ANY(${idArray(doomedParkIds)}::uuid[])`,
  );
  const ratedRides = await queryRows<{ attraction_id: string; park_id: string }>(
    tx,
    sql`SELECT r.attraction_id, a.park_id FROM attraction_ratings r JOIN attractions a ON a.id = r.attraction_id
      WHERE r.user_id = ${userId}`,
  );
  const votedReviews = await queryRows<{ rating_id: string }>(
    tx,
    sql`SELECT rating_id FROM rating_votes WHERE user_id = ${userId}`,
  );
  const otherRaters = await queryRows<{ user_id: string }>(
    tx,
    sql`SELECT user_id FROM park_ratings WHERE park_id = ANY(${idArray(doomedParkIds)}::uuid[]) AND user_id <> ${userId}
      UNION SELECT user_id FROM attraction_ratings WHERE attraction_id = ANY(${idArray(doomedRideIds)}::uuid[]) AND user_id <> ${userId}`,
  );

  const doomed = new Set([...doomedParkIds, ...doomedRideIds]);
  const keep = (ids: Iterable<string>) => [...new Set(ids)].filter((id) => !doomed.has(id)).sort();
  const parkIds = keep([
    ...parkRatings.map((row) => row.park_id),
    ...ratedRides.map((row) => row.park_id),
    ...doomedRides.map((row) => row.park_id),
  ]);
  const rideIds = keep(ratedRides.map((row) => row.attraction_id));
  const reviewIds = [...new Set(votedReviews.map((row) => row.rating_id))].sort();
  const userIds = [...new Set(otherRaters.map((row) => row.user_id))].sort();

  // Rating writes lock park → attraction → review; take the same locks in the same
  // order so that no write moves these aggregates between the recount and the commit.
  if (parkIds.length) await tx.execute(sql`SELECT id FROM parks WHERE id = ANY(${idArray(parkIds)}::uuid[]) ORDER BY id FOR UPDATE`);
  if (rideIds.length) {
    await tx.execute(sql`SELECT id FROM attractions WHERE id = ANY(${idArray(rideIds)}::uuid[]) ORDER BY id FOR UPDATE`);
  }
  if (reviewIds.length) {
    await tx.execute(sql`SELECT id FROM park_ratings WHERE id = ANY(${idArray(reviewIds)}::uuid[]) ORDER BY id FOR UPDATE`);
    await tx.execute(sql`SELECT id FROM attraction_ratings WHERE id = ANY(${idArray(reviewIds)}::uuid[]) ORDER BY id FOR UPDATE`);
  }

  const suggestionImages = await pendingSuggestionImages(tx, { userId, parkIds: doomedParkIds, rideIds: doomedRideIds });
  if (doomedRideIds.length) {
    await tx.execute(sql`DELETE FROM attractions WHERE id = ANY(${idArray(doomedRideIds)}::uuid[])`);
  }
  if (doomedParkIds.length) await tx.execute(sql`DELETE FROM parks WHERE id = ANY(${idArray(doomedParkIds)}::uuid[])`);
  if (doomed.size) {
    // Other members' records of contributions to what was deleted (no foreign key: polymorphic target).
    await tx.execute(sql`DELETE FROM content_modifications WHERE target_id = ANY(${idArray([...doomed])}::uuid[])`);
  }
  // The account: its profile and everything hanging on it cascade (ratings, votes, reports
  // filed, duels, rankings, plans, suggestions, top lists, write limits, sessions, 2FA);
  // parks and attractions it created that were approved keep existing, created_by NULL.
  await tx.delete(users).where(eq(users.id, userId));
  await tx.execute(sql`DELETE FROM verification WHERE value = ${userId}`);

  await recomputeAggregates(tx, { reviewIds, rideIds, parkIds, userIds });
  for (const id of parkIds) await notifyLive(tx, parkTopic(id));
  for (const id of rideIds) await notifyLive(tx, rideTopic(id));

  const imageReferences = [
    ...parkRatings.flatMap((row) => row.images ?? []),
    ...doomedParks.map((row) => row.image_url),
    ...doomedRides.map((row) => row.image_url),
    ...suggestionImages,
  ].filter((reference): reference is string => Boolean(reference));
  return { ok: true, imageReferences } as const;
}

export type DeleteOwnAccountOutcome =
  | { ok: true; setCookies: string[] }
  | { ok: false; errors: FieldMessages<DeleteAccountField>; reason: RefusalReason };

/**
 * "Supprimer mon compte" on the account page: the member types their username
 * and their current password (checked by better-auth), then the account goes,
 * its photos are removed from storage, and the browser's session cookie is
 * cleared (every session row went with the account).
 */
export async function deleteOwnAccount(
  context: AppLoadContext,
  request: Request,
  user: { id: string; username: string; isAdmin: boolean },
  input: { currentPassword: string; confirmUsername: string },
): Promise<DeleteOwnAccountOutcome> {
  if (user.isAdmin) return { ok: false, errors: { form: [{ key: "account.delete.adminRefused" }] }, reason: "forbidden" };
  const fields = checkDeleteAccountForm(input);
  if (!fields.ok) return { ok: false, errors: fields.errors, reason: "invalid" };
  if (fields.data.confirmUsername.trim() !== user.username) {
    return { ok: false, errors: { confirmUsername: [{ key: "account.delete.confirmMismatch" }] }, reason: "invalid" };
  }
  const password = await verifyCurrentPassword(context, request, fields.data.currentPassword);
  if (password === "rate-limited") return { ok: false, errors: { form: [{ key: "auth.errors.tooManyRequests" }] }, reason: "tooMany" };
  if (password !== "verified") return { ok: false, errors: { currentPassword: [{ key: "account.errors.wrongPassword" }] }, reason: "invalid" };

  const deletion = await deleteAccount(context.db, context.config, user.id);
  if (!deletion.ok) {
    return { ok: false, errors: { form: [{ key: deletion.reason === "administrator" ? "account.delete.adminRefused" : "common.genericError" }] }, reason: "forbidden" };
  }
  context.sessionsChanged(user.id);
  await deleteStoredImages(context.imageStorage, deletion.imageReferences, context.logger);
  context.logger.info({ userId: user.id }, "account deleted by its owner");
  // The session row is gone; better-auth's sign-out still answers with the cookie cleared.
  const signedOut = await callAuth(context, request, "/sign-out");
  return { ok: true, setCookies: signedOut.setCookies };
}

