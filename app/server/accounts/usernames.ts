import { eq, sql } from "drizzle-orm";
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from "~/domain/account-limits";
import { usernameCandidate } from "~/domain/account-rules";
import type { Executor } from "../db/database";
import { profiles } from "../db/schema";

/** Usernames are unique regardless of case (index on lower(username)). */
export async function isUsernameTaken(db: Executor, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.username})`, username.toLowerCase()))
    .limit(1);
  return row !== undefined;
}

export function isWellFormedUsername(name: string): boolean {
  return name.length >= USERNAME_MIN && name.length <= USERNAME_MAX && USERNAME_PATTERN.test(name);
}

/** A free username made from any name (accounts created through Google). */
export async function freeUsernameFor(db: Executor, name: string): Promise<string> {
  const base = usernameCandidate(name);
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate =
      attempt === 0 && base.length >= USERNAME_MIN ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    if (!(await isUsernameTaken(db, candidate))) return candidate;
  }
  throw new Error(`No free username found for "${name}"`);
}
