-- The credits and rides of each year in ride_credit_figures (decision 0075), counted again for the members and years
-- a statement on their entries touched (a year's entries, read by ride_log_entries_user_day_idx), under the member's
-- rules: an entry logged, edited (its day, its times) or deleted, an import or its undoing, a cascade. A year left
-- with no counted entry loses its row.
CREATE OR REPLACE FUNCTION "ride_credit_years_refresh"(members text[], years integer[]) RETURNS void LANGUAGE sql AS $$
  WITH asked AS (
    SELECT DISTINCT u.user_id, u.year FROM unnest(members, years) AS u (user_id, year)
  ), counted AS (
    SELECT a.user_id, a.year, count(DISTINCT k.credit_id)::integer AS credits, sum(e.times)::integer AS rides
    FROM asked a
    JOIN profiles p ON p.id = a.user_id
    JOIN ride_log_entries e ON e.user_id = a.user_id AND e.ridden_on >= make_date(a.year, 1, 1) AND e.ridden_on < make_date(a.year + 1, 1, 1)
    CROSS JOIN LATERAL ride_credit_keys(e.attraction_id, p.credits_coasters_only, p.credits_count_removed) k
    WHERE k.dimension = 'all'
    GROUP BY a.user_id, a.year
  ), emptied AS (
    DELETE FROM ride_credit_figures f USING asked a
    WHERE f.user_id = a.user_id AND f.dimension = 'year' AND f.key = a.year::text
      AND NOT EXISTS (SELECT 1 FROM counted c WHERE c.user_id = a.user_id AND c.year = a.year)
  )
  INSERT INTO ride_credit_figures AS f (user_id, dimension, key, credits, rides)
  SELECT user_id, 'year', year::text, credits, rides FROM counted
  ON CONFLICT (user_id, dimension, key) DO UPDATE SET credits = excluded.credits, rides = excluded.rides
$$;
