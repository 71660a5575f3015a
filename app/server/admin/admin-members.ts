import { and, eq, sql, type SQL } from "drizzle-orm";
import type { KeysetPage, PageRequest } from "~/domain/admin-paging";
import type { AdminMemberRow, MemberStatus } from "~/domain/admin-users";
import type { CurrentUser } from "~/domain/current-user";
import { isAdministratorAddress } from "../auth/administrator";
import type { Config } from "../config";
import type { Executor } from "../db/database";
import { profiles, users } from "../db/schema";
import { containsPattern } from "./like-pattern";
import { cursorText, keyset, keysetResult } from "./keyset";

export type MemberListRequest = { search: string; status: MemberStatus | null; page: PageRequest };

/**
 * One page of members for "Gestion des utilisateurs", newest first, in one
 * statement: read from the profiles' (created_at, id) index (keyset, never an
 * offset), filtered by username or e-mail and by status. Rows the
 * administrator may not suspend or delete (their own, ADMIN_EMAIL's) say so.
 */
export async function listMembers(
  db: Executor,
  config: Pick<Config, "adminEmail">,
  admin: CurrentUser,
  request: MemberListRequest,
): Promise<KeysetPage<AdminMemberRow>> {
  const page = keyset(profiles.createdAt, profiles.id, request.page);
  const filters: (SQL | undefined)[] = [page.where];
  if (request.search) {
    const pattern = containsPattern(request.search);
    // Each side finds its matches through its trigram index (migration 0008); a LIKE on both
    // columns of the join would test every member in turn for a rare text.
    filters.push(
      sql`${profiles.id} IN (SELECT id FROM profiles WHERE lower(username) LIKE ${pattern}
        UNION ALL SELECT id FROM "user" WHERE lower(email) LIKE ${pattern})`,
    );
  }
  if (request.status) filters.push(eq(profiles.isSuspended, request.status === "suspended"));
  const rows = await db
    .select({
      id: profiles.id,
      cursorAt: cursorText(profiles.createdAt),
      username: profiles.username,
      email: users.email,
      createdAt: profiles.createdAt,
      suspended: profiles.isSuspended,
      suspensionReason: profiles.suspensionReason,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(...filters))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return keysetResult(
    rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      protected: row.id === admin.id || isAdministratorAddress(config, row.email),
    })),
    request.page,
  );
}
