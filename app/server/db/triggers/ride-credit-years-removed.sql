-- The years of ride_credit_figures moved by entries taken from the log (decision 0075): the year's rides shrink by the
-- entries' times; its credits by one for each credit left with no counted entry of its line in that year
-- (`left_year`: an entry edited within its year takes its times only). A year left without credits loses its row.
CREATE OR REPLACE FUNCTION "ride_credit_years_removed"(members text[], rides uuid[], days date[], times integer[], left_year boolean[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  WITH removed AS (
    SELECT e.user_id, k.credit_id, extract(year FROM e.day)::integer AS year, bool_or(e.left_year) AS left_year, sum(e.times)::integer AS rides
    FROM unnest(members, rides, days, times, left_year) AS e (user_id, attraction_id, day, times, left_year)
    JOIN profiles p ON p.id = e.user_id
    CROSS JOIN LATERAL ride_credit_keys(e.attraction_id, p.credits_coasters_only, p.credits_count_removed) k
    WHERE k.dimension = 'all' AND e.day IS NOT NULL
    GROUP BY 1, 2, 3
  ), gone AS (
    SELECT r.user_id, r.credit_id, r.year
    FROM removed r JOIN profiles p ON p.id = r.user_id
    -- Ride by ride of the line, then its entries of the year (ride_log_entries_user_ride_idx): a keen rider's year holds
    -- thousands of entries, a line's a few.
    WHERE r.left_year AND NOT EXISTS (
      SELECT 1
      FROM (SELECT r.credit_id AS id UNION ALL SELECT a.id FROM attractions a WHERE a.continues_id = r.credit_id) line
      WHERE EXISTS (SELECT 1 FROM ride_credit_keys(line.id, p.credits_coasters_only, p.credits_count_removed) k WHERE k.dimension = 'all')
        AND EXISTS (
          SELECT 1 FROM ride_log_entries e
          WHERE e.user_id = r.user_id AND e.attraction_id = line.id
            AND e.ridden_on >= make_date(r.year, 1, 1) AND e.ridden_on < make_date(r.year + 1, 1, 1)
        )
    )
  ), moved AS (
    SELECT r.user_id, r.year, count(g.user_id)::integer AS credits, sum(r.rides)::integer AS rides
    FROM removed r LEFT JOIN gone g USING (user_id, credit_id, year)
    GROUP BY 1, 2
  )
  UPDATE ride_credit_figures f SET credits = f.credits - moved.credits, rides = f.rides - moved.rides
  FROM moved WHERE f.user_id = moved.user_id AND f.dimension = 'year' AND f.key = moved.year::text;
  DELETE FROM ride_credit_figures f WHERE f.user_id = ANY(members) AND f.dimension = 'year' AND f.credits <= 0;
END $$;
