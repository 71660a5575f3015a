import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/database";

/** Version of the export's layout, for whoever reads the file later. */
const ACCOUNT_EXPORT_FORMAT = 1;

type Row = Record<string, unknown>;

export type AccountExport = {
  format: number;
  exportedAt: string;
  profile: { id: string; username: string; email: string; createdAt: string; emailVerified: boolean; twoFactorEnabled: boolean };
  parkRatings: Row[];
  rideRatings: Row[];
  votes: Row[];
  reviewReports: Row[];
  parksCreated: Row[];
  attractionsCreated: Row[];
  contentModifications: Row[];
  parkSuggestions: Row[];
  rideSuggestions: Row[];
  topParks: Row[];
  topRides: Row[];
  visitPlans: Row[];
  duels: Row[];
  rankings: Row[];
  rideLog: Row[];
  rideLogImports: Row[];
  rideWishes: Row[];
  waitReports: Row[];
};

/**
 * Everything a member wrote, for "Exporter mes données" (docs/decisions/0010):
 * one query per table (never per row), each selecting named columns so that
 * no secret can slip in — no password hash, session or reset token, 2FA secret
 * or backup code, and no other member's identity (votes and reports say which
 * review they concern, not whose it is).
 */
export async function exportAccountData(db: Executor, userId: string): Promise<AccountExport | null> {
  const [profile] = await queryRows<{
    id: string;
    username: string;
    email: string;
    created_at: unknown;
    email_verified: boolean;
    two_factor_enabled: boolean;
  }>(
    db,
    sql`SELECT p.id, p.username, u.email, p.created_at, u.email_verified, u.two_factor_enabled
      FROM profiles p JOIN "user" u ON u.id = p.id WHERE p.id = ${userId}`,
  );
  if (!profile) return null;

  const rows = (query: ReturnType<typeof sql>) => queryRows<Row>(db, query).then((found) => found.map(normalize));
  // One query per table, one after the other: PGlite has a single connection.
  const tables = {
    parkRatings: await rows(sql`SELECT r.id, r.park_id, p.name AS park_name, p.slug AS park_slug,
        r.kids_friendly_rating, r.family_friendly_rating, r.thrill_rating, r.theming_rating,
        r.operations_rating, r.value_rating, r.visit_duration, r.comment, r.images,
        r.helpful_count, r.unhelpful_count, r.created_at, r.updated_at
      FROM park_ratings r JOIN parks p ON p.id = r.park_id
      WHERE r.user_id = ${userId} ORDER BY r.created_at, r.id`),
    rideRatings: await rows(sql`SELECT r.id, r.attraction_id, a.name AS attraction_name, a.park_id, p.name AS park_name,
        r.rating, r.audience_type, r.comment, r.helpful_count, r.unhelpful_count, r.created_at, r.updated_at
      FROM attraction_ratings r JOIN attractions a ON a.id = r.attraction_id JOIN parks p ON p.id = a.park_id
      WHERE r.user_id = ${userId} ORDER BY r.created_at, r.id`),
    votes: await rows(sql`SELECT rating_type AS review_type, rating_id AS review_id,
        CASE WHEN is_helpful THEN 'helpful' ELSE 'unhelpful' END AS vote, created_at
      FROM rating_votes WHERE user_id = ${userId} ORDER BY created_at, id`),
    reviewReports: await rows(sql`SELECT comment_type AS review_type, comment_id AS review_id, reason, status, resolution,
        resolved_at, created_at
      FROM comment_reports WHERE reported_by = ${userId} ORDER BY created_at, id`),
    parksCreated: await rows(sql`SELECT id, name, slug, region, country, image_url, description, description_fr, description_en,
        opening_year, adult_price, child_price, opening_hours, moderation_status, rejection_reason, created_at
      FROM parks WHERE created_by = ${userId} ORDER BY created_at, id`),
    attractionsCreated: await rows(sql`SELECT a.id, a.park_id, p.name AS park_name, a.name, a.slug, t.name AS type, a.description,
        a.description_fr, a.description_en, a.image_url, a.duration, a.min_height_alone, a.min_height_forbidden,
        a.height, a.max_speed, a.inversions, a.track_length, a.capacity_per_hour, a.opening_year, a.youtube_url,
        a.status, a.moderation_status, a.rejection_reason, a.created_at
      FROM attractions a JOIN parks p ON p.id = a.park_id JOIN attraction_types t ON t.id = a.type_id
      WHERE a.created_by = ${userId} ORDER BY a.created_at, a.id`),
    contentModifications: await rows(sql`SELECT id, target_type, target_id, action, status, created_at
      FROM content_modifications WHERE user_id = ${userId} ORDER BY created_at, id`),
    parkSuggestions: await rows(sql`SELECT s.id, s.park_id, p.name AS park_name, s.suggested_changes, s.reason, s.status,
        s.moderation_reason, s.moderated_at, s.created_at
      FROM park_suggestions s JOIN parks p ON p.id = s.park_id
      WHERE s.suggested_by = ${userId} ORDER BY s.created_at, s.id`),
    rideSuggestions: await rows(sql`SELECT s.id, s.attraction_id, a.name AS attraction_name, s.suggested_changes, s.reason, s.status,
        s.moderation_reason, s.moderated_at, s.created_at
      FROM attraction_suggestions s JOIN attractions a ON a.id = s.attraction_id
      WHERE s.suggested_by = ${userId} ORDER BY s.created_at, s.id`),
    topParks: await rows(sql`SELECT t.position, t.park_id, p.name AS park_name
      FROM user_top_parks t JOIN parks p ON p.id = t.park_id
      WHERE t.user_id = ${userId} ORDER BY t.position`),
    topRides: await rows(sql`SELECT t.position, t.attraction_id, a.name AS attraction_name, p.name AS park_name
      FROM user_top_attractions t JOIN attractions a ON a.id = t.attraction_id JOIN parks p ON p.id = a.park_id
      WHERE t.user_id = ${userId} ORDER BY t.position`),
    // A plan and its attractions in one query (an ordered JSON list per plan).
    visitPlans: await rows(sql`SELECT v.id, v.park_id, p.name AS park_name, v.name, v.total_duration, v.created_at, v.updated_at,
        coalesce((SELECT json_agg(json_build_object('attraction_id', pa.attraction_id, 'attraction_name', a.name,
            'position', pa.position, 'is_priority', pa.is_priority, 'completed', pa.completed) ORDER BY pa.position)
          FROM visit_plan_attractions pa JOIN attractions a ON a.id = pa.attraction_id WHERE pa.plan_id = v.id), '[]'::json)
          AS attractions
      FROM visit_plans v JOIN parks p ON p.id = v.park_id
      WHERE v.user_id = ${userId} ORDER BY v.created_at, v.id`),
    duels: await rows(sql`SELECT d.id, t.name AS type, d.winner_id, w.name AS winner_name, d.loser_id, l.name AS loser_name, d.created_at
      FROM attraction_duels d JOIN attraction_types t ON t.id = d.type_id
      JOIN attractions w ON w.id = d.winner_id JOIN attractions l ON l.id = d.loser_id
      WHERE d.user_id = ${userId} ORDER BY d.created_at, d.id`),
    rankings: await rows(sql`SELECT t.name AS type, r.rank, r.attraction_id, a.name AS attraction_name, r.wins, r.losses, r.updated_at
      FROM attraction_rankings r JOIN attraction_types t ON t.id = r.type_id JOIN attractions a ON a.id = r.attraction_id
      WHERE r.user_id = ${userId} ORDER BY t.name, r.rank`),
    // The ride log (docs/rules/ride-log.md): each entry with the ride it names, a relocated ride as itself.
    rideLog: await rows(sql`SELECT e.id, e.attraction_id, a.name AS attraction_name, a.park_id, p.name AS park_name,
        e.ridden_on::text AS ridden_on, e.times, e.note, e.import_id, e.created_at, e.updated_at
      FROM ride_log_entries e JOIN attractions a ON a.id = e.attraction_id JOIN parks p ON p.id = a.park_id
      WHERE e.user_id = ${userId} ORDER BY e.ridden_on NULLS LAST, e.created_at, e.id`),
    rideLogImports: await rows(sql`SELECT id, entry_count, created_at FROM ride_log_imports
      WHERE user_id = ${userId} ORDER BY created_at, id`),
    rideWishes: await rows(sql`SELECT w.attraction_id, a.name AS attraction_name, a.park_id, p.name AS park_name, w.created_at
      FROM ride_wishes w JOIN attractions a ON a.id = w.attraction_id JOIN parks p ON p.id = a.park_id
      WHERE w.user_id = ${userId} ORDER BY w.created_at, w.attraction_id`),
    // The waits the member reported (docs/rules/waits.md#reporting-a-wait), with the UTC offset their device gave.
    waitReports: await rows(sql`SELECT w.attraction_id, a.name AS attraction_name, a.park_id, p.name AS park_name, w.wait_minutes,
        w.happened_at, w.utc_offset, w.received_at
      FROM ride_wait_reports w JOIN attractions a ON a.id = w.attraction_id JOIN parks p ON p.id = a.park_id
      WHERE w.user_id = ${userId} ORDER BY w.happened_at, w.attraction_id`),
  };

  return {
    format: ACCOUNT_EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    profile: {
      id: profile.id,
      username: profile.username,
      email: profile.email,
      createdAt: isoDate(profile.created_at),
      emailVerified: profile.email_verified,
      twoFactorEnabled: profile.two_factor_enabled,
    },
    ...tables,
  };
}

/** The export's file name: parcours-export-<username>-<YYYY-MM-DD>.json. */
export function accountExportFileName(username: string, now = new Date()): string {
  return `parcours-export-${username}-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * Both drivers' raw rows as the same plain JSON: times (`*_at`) as ISO strings
 * and JSON columns parsed, whichever form the driver gave them in.
 */
function normalize(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.endsWith("_at") && value !== null) out[key] = isoDate(value);
    else if ((key === "suggested_changes" || key === "attractions") && typeof value === "string") out[key] = JSON.parse(value);
    else out[key] = value;
  }
  return out;
}

function isoDate(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}
