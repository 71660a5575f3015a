import { sql, type SQL } from "drizzle-orm";
import { DUEL_MIN_RATING } from "~/domain/duels";

/**
 * The one definition of a member's eligible rides for duels (docs/rules/duels-and-rankings.md#eligibility):
 * rated DUEL_MIN_RATING or more by the member, operating, public
 * (approved, in an approved park). A ride re-rated below it, removed, or
 * withdrawn leaves the member's order and personal ranking, which are read
 * through this condition. Aliases: `r` attraction_ratings, `a` attractions,
 * `p` parks, joined on the rating's ride and the ride's park.
 */
export function eligibleForDuels(): SQL {
  return sql`r.rating >= ${DUEL_MIN_RATING} AND a.status = 'operating'
    AND a.moderation_status = 'approved' AND p.moderation_status = 'approved'`;
}
