import { and, eq, sql, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { PageRequest } from "~/domain/admin-paging";
import type { Executor } from "../db/database";
import { parkRatings, profiles, rideRatings } from "../db/schema";
import { cursorText, keyset } from "./keyset";

/**
 * The rows of one keyset page (for keysetResult) of the reviews of one park or one ride for the back office, newest first (the
 * ratings' (target, created_at) indexes), each with its author, whether auto-moderation hid it, and
 * `values`: what the kind of review shows of its own (a park's score, a ride's stars and audience).
 */
export function targetReviewRows<Values extends SelectedFields>(
  db: Executor,
  table: typeof parkRatings | typeof rideRatings,
  target: SQL,
  values: Values,
  request: PageRequest,
) {
  const page = keyset(table.createdAt, table.id, request);
  return db
    .select({
      id: table.id,
      cursorAt: cursorText(table.createdAt),
      username: profiles.username,
      ...values,
      comment: table.comment,
      hidden: sql<boolean>`${table.hiddenAt} IS NOT NULL`,
      createdAt: table.createdAt,
    })
    .from(table)
    .innerJoin(profiles, eq(profiles.id, table.userId))
    .where(and(target, page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
}
