/**
 * The durability run's starting point: the database migrated and filled with
 * the demo content (before any server opens it), and what the writers aim at,
 * read from it — the demo members who may write, parks, rides and reviews.
 */
import { sql } from "drizzle-orm";
import pino from "pino";
import { migrateDatabase, openDatabase, queryRows, type DatabaseLocation } from "~/server/db/database";
import { loadDemoContentIfEmpty } from "~/server/demo/load-demo-content";

const DEMO_ADMIN_EMAIL = "admin@parcours.local";

export type Member = { id: string; email: string };
type Ride = { id: string; parkSlug: string; slug: string };
type Review = { id: string; type: "park" | "attraction"; authorId: string; page: string };
export type Targets = { members: Member[]; parks: { id: string; slug: string }[]; rides: Ride[]; reviews: Review[] };

export async function prepareDatabase(location: DatabaseLocation): Promise<Targets> {
  const handle = await openDatabase(location);
  try {
    await migrateDatabase(handle);
    await loadDemoContentIfEmpty(handle.db, pino({ level: "warn" }), DEMO_ADMIN_EMAIL);
    const members = await queryRows<Member>(
      handle.db,
      sql`SELECT u.id, u.email FROM "user" u JOIN profiles p ON p.id = u.id
        WHERE NOT u.banned AND NOT p.is_suspended AND u.email <> ${DEMO_ADMIN_EMAIL}
          AND EXISTS (SELECT 1 FROM account a WHERE a.user_id = u.id AND a.provider_id = 'credential' AND a.password IS NOT NULL)
        ORDER BY u.email`,
    );
    const parks = await queryRows<{ id: string; slug: string }>(
      handle.db,
      sql`SELECT id, slug FROM parks WHERE moderation_status = 'approved' ORDER BY slug`,
    );
    const rides = await queryRows<Ride>(
      handle.db,
      sql`SELECT a.id, p.slug AS "parkSlug", a.slug FROM attractions a JOIN parks p ON p.id = a.park_id
        WHERE a.moderation_status = 'approved' AND p.moderation_status = 'approved' ORDER BY a.id LIMIT 120`,
    );
    const reviews = await queryRows<Review>(
      handle.db,
      sql`(SELECT r.id, 'park' AS type, r.user_id AS "authorId", p.slug AS page FROM park_ratings r JOIN parks p ON p.id = r.park_id
          WHERE p.moderation_status = 'approved' ORDER BY r.id LIMIT 60)
        UNION ALL
        (SELECT r.id, 'attraction', r.user_id, p.slug || '/' || a.slug FROM attraction_ratings r
          JOIN attractions a ON a.id = r.attraction_id JOIN parks p ON p.id = a.park_id
          WHERE a.moderation_status = 'approved' AND p.moderation_status = 'approved' ORDER BY r.id LIMIT 60)`,
    );
    return { members, parks, rides, reviews };
  } finally {
    await handle.close();
  }
}
