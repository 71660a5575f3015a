import crypto from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Executor } from "~/server/db/database";
import * as schema from "~/server/db/schema";

/** Minimal rows for tests; every helper returns what it inserted. */
export async function createMember(db: Executor, username = `user_${crypto.randomBytes(4).toString("hex")}`) {
  const id = crypto.randomUUID();
  // The account's profile is created with it, under its name (migration 0003).
  await db.insert(schema.users).values({ id, name: username, email: `${username}@test.local` });
  return { id, username };
}

export async function createPark(db: Executor, overrides: Partial<typeof schema.parks.$inferInsert> = {}) {
  const suffix = crypto.randomBytes(4).toString("hex");
  const [park] = await db
    .insert(schema.parks)
    .values({
      name: `Park ${suffix}`,
      slug: `park-${suffix}`,
      region: "Île-de-France",
      country: "France",
      moderationStatus: "approved",
      ...overrides,
    })
    .returning();
  return park!;
}

export async function createRide(
  db: Executor,
  parkId: string,
  overrides: Partial<typeof schema.rides.$inferInsert> = {},
) {
  const suffix = crypto.randomBytes(4).toString("hex");
  const [ride] = await db
    .insert(schema.rides)
    .values({ parkId, name: `Ride ${suffix}`, slug: `ride-${suffix}`, typeId: 1, moderationStatus: "approved", ...overrides })
    .returning();
  return ride!;
}

export const MEMBER_PASSWORD = "Parcours2026";

// Hashing is deliberately slow (scrypt, a second or more on a loaded machine): every test member shares one hash of the password.
let memberPasswordHash: Promise<string> | undefined;
const hashOfMemberPassword = () => (memberPasswordHash ??= hashPassword(MEMBER_PASSWORD));

/** A member who signs in with an e-mail and MEMBER_PASSWORD, as the sign-up would leave them. */
export async function createMemberWithPassword(db: Executor, email?: string, username?: string) {
  const id = crypto.randomUUID();
  const name = username ?? `member_${id.slice(0, 8)}`;
  const address = email ?? `${name}@example.com`;
  await db.insert(schema.users).values({ id, name, email: address, emailVerified: true });
  await db.insert(schema.accounts).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashOfMemberPassword(),
  });
  return { id, email: address, username: name };
}
