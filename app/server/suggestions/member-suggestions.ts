import { sql } from "drizzle-orm";
import type { ModerationStatus } from "~/domain/moderation";
import { MEMBER_SUGGESTIONS_SHOWN, type MemberSuggestionList } from "~/domain/member-suggestions";
import { suggestionFields, type SuggestionField, type SuggestionKind } from "~/domain/suggested-changes";
import { queryRows, type Executor } from "../db/database";

type Row = {
  kind: SuggestionKind;
  id: string;
  target_name: string;
  park_slug: string;
  attraction_slug: string | null;
  created_at: string | Date;
  status: ModerationStatus;
  moderation_reason: string | null;
  fields: string[];
  total: number;
};

/**
 * The member's own edit suggestions for their profile's 'Mes suggestions'
 * (docs/rules/profiles.md#profile-page): the newest first, park and ride suggestions merged in one
 * statement over the member's rows (index `(suggested_by, created_at desc)` on
 * both tables), with the target's name and the slugs of its page, and how
 * many there are in all.
 */
export async function listMemberSuggestions(db: Executor, userId: string): Promise<MemberSuggestionList> {
  const rows = await queryRows<Row>(
    db,
    sql`
      SELECT mine.*, count(*) OVER ()::int AS total FROM (
        SELECT 'park' AS kind, s.id, parks.name AS target_name, parks.slug AS park_slug, NULL::text AS attraction_slug,
          s.created_at, s.status::text AS status, s.moderation_reason,
          COALESCE((SELECT jsonb_agg(key) FROM jsonb_object_keys(s.suggested_changes) AS key), '[]'::jsonb) AS fields
        FROM park_suggestions s
        JOIN parks ON parks.id = s.park_id
        WHERE s.suggested_by = ${userId}
        UNION ALL
        SELECT 'attraction', s.id, attractions.name, parks.slug, attractions.slug,
          s.created_at, s.status::text, s.moderation_reason,
          COALESCE((SELECT jsonb_agg(key) FROM jsonb_object_keys(s.suggested_changes) AS key), '[]'::jsonb)
        FROM attraction_suggestions s
        JOIN attractions ON attractions.id = s.attraction_id
        JOIN parks ON parks.id = attractions.park_id
        WHERE s.suggested_by = ${userId}
      ) mine
      ORDER BY created_at DESC, id
      LIMIT ${MEMBER_SUGGESTIONS_SHOWN}`,
  );
  return {
    suggestions: rows.map((row) => {
      const changed = new Set(row.fields);
      return {
        kind: row.kind,
        id: row.id,
        targetName: row.target_name,
        targetPath: row.attraction_slug === null ? `/${row.park_slug}` : `/${row.park_slug}/${row.attraction_slug}`,
        createdAt: new Date(row.created_at).toISOString(),
        status: row.status,
        // The form's order, whatever order the JSON object kept.
        fields: suggestionFields(row.kind).filter((field): field is SuggestionField => changed.has(field)),
        rejectionReason: row.status === "rejected" ? row.moderation_reason : null,
      };
    }),
    total: rows[0]?.total ?? 0,
  };
}
