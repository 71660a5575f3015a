-- A park rating's score: the mean of the sub-ratings it gives, as parkRatingScore in
-- app/server/db/park-rating-score.ts (which the park page's sums and recomputeAggregates use).
CREATE OR REPLACE FUNCTION "park_rating_score"("r" park_ratings) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT (coalesce(r.kids_friendly_rating, 0) + coalesce(r.family_friendly_rating, 0) + coalesce(r.thrill_rating, 0)
    + coalesce(r.theming_rating, 0) + coalesce(r.operations_rating, 0) + coalesce(r.value_rating, 0))::numeric
    / num_nonnulls(r.kids_friendly_rating, r.family_friendly_rating, r.thrill_rating, r.theming_rating,
      r.operations_rating, r.value_rating)
$$;
