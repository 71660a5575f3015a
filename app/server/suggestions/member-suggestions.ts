import { sql } from "drizzle-orm";
import type { ModerationStatus } from "~/domain/moderation";
import { MEMBER_SUGGESTIONS_SHOWN, type MemberSuggestionList } from "~/domain/member-suggestions";
import { suggestionFields, type SuggestionField, type SuggestionKind } from "~/domain/suggested-changes";
import { queryRows, type Executor } from "../db/database";
import { contributorStats } from "../db/schema";

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
 * statement, with the target's name and the slugs of its page, and how many there are in all.
 *
 * Bounded by the page, not by the member's history (decision 0063): each table gives its newest
 * `MEMBER_SUGGESTIONS_SHOWN` from its index `(suggested_by, created_at desc)`, joined to their targets
 * after that limit, and the total is the kept `contributor_stats.suggestions_count` (every suggestion
 * the member made, decision 0020), not a count of their rows. A member with thousands of suggestions
 * costs what one with twenty does.
 */
export async function listMemberSuggestions(db: Executor, userId: string): Promise<MemberSuggestionList> {
  const rows = await queryRows<Row>(
    db,
    sql`
      SELECT mine.*,
        COALESCE((SELECT ${contributorStats.suggestionsCount} FROM ${contributorStats} WHERE ${contributorStats.userId} = ${userId}), 0) AS total
      FROM (
        (SELECT 'park' AS kind, s.id, parks.name AS target_name, parks.slug AS park_slug, NULL::text AS attraction_slug,
          s.created_at, s.status::text AS status, s.moderation_reason,
          COALESCE((SELECT jsonb_agg(key) FROM jsonb_object_keys(s.suggested_changes) AS key), '[]'::jsonb) AS fields
        FROM (SELECT * FROM park_suggestions WHERE suggested_by = ${userId} ORDER BY created_at DESC, id LIMIT ${MEMBER_SUGGESTIONS_SHOWN}) s
        JOIN parks ON parks.id = s.park_id)
        UNION ALL
        (SELECT 'attraction', s.id, attractions.name, parks.slug, attractions.slug,
          s.created_at, s.status::text, s.moderation_reason,
          COALESCE((SELECT jsonb_agg(key) FROM jsonb_object_keys(s.suggested_changes) AS key), '[]'::jsonb)
        FROM (SELECT * FROM attraction_suggestions WHERE suggested_by = ${userId} ORDER BY created_at DESC, id LIMIT ${MEMBER_SUGGESTIONS_SHOWN}) s
        JOIN attractions ON attractions.id = s.attraction_id
        JOIN parks ON parks.id = attractions.park_id)
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
