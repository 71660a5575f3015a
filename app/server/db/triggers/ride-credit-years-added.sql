-- The years of ride_credit_figures moved by entries added to the log (decision 0075), as the tallies move the other
-- keys: the year's rides grow by the entries' times; its credits by one for each credit whose every counted entry of
-- its line in that year is among those added (`new_in_year`: an entry edited within its year adds its times only).
-- Reads the lines the entries belong to, in their years, never the member's whole log.
CREATE OR REPLACE FUNCTION "ride_credit_years_added"(members text[], rides uuid[], days date[], times integer[], new_in_year boolean[]) RETURNS void
  LANGUAGE sql AS $$
  WITH added AS (
    SELECT e.user_id, k.credit_id, extract(year FROM e.day)::integer AS year,
      count(*) FILTER (WHERE e.new_in_year) AS entries, sum(e.times)::integer AS rides
    FROM unnest(members, rides, days, times, new_in_year) AS e (user_id, attraction_id, day, times, new_in_year)
    JOIN profiles p ON p.id = e.user_id
    CROSS JOIN LATERAL ride_credit_keys(e.attraction_id, p.credits_coasters_only, p.credits_count_removed) k
    WHERE k.dimension = 'all' AND e.day IS NOT NULL
    GROUP BY 1, 2, 3
  ), held AS (
    -- Ride by ride of the line, then its entries of the year (ride_log_entries_user_ride_idx): a keen rider's year holds
    -- thousands of entries, a line's a few.
    SELECT c.user_id, c.credit_id, c.year, sum(n.entries) AS entries
    FROM (SELECT DISTINCT user_id, credit_id, year FROM added WHERE entries > 0) c
    JOIN profiles p ON p.id = c.user_id
    CROSS JOIN LATERAL (SELECT c.credit_id AS id UNION ALL SELECT a.id FROM attractions a WHERE a.continues_id = c.credit_id) line
    CROSS JOIN LATERAL (
      SELECT count(*) AS entries FROM ride_log_entries e
      WHERE e.user_id = c.user_id AND e.attraction_id = line.id
        AND e.ridden_on >= make_date(c.year, 1, 1) AND e.ridden_on < make_date(c.year + 1, 1, 1)
    ) n
    WHERE EXISTS (SELECT 1 FROM ride_credit_keys(line.id, p.credits_coasters_only, p.credits_count_removed) k WHERE k.dimension = 'all')
    GROUP BY 1, 2, 3
  ), moved AS (
    SELECT a.user_id, a.year, (count(*) FILTER (WHERE a.entries > 0 AND h.entries = a.entries))::integer AS credits, sum(a.rides)::integer AS rides
    FROM added a LEFT JOIN held h USING (user_id, credit_id, year)
    GROUP BY 1, 2
  )
  INSERT INTO ride_credit_figures AS f (user_id, dimension, key, credits, rides)
  SELECT user_id, 'year', year::text, credits, rides FROM moved
  ON CONFLICT (user_id, dimension, key) DO UPDATE SET credits = f.credits + excluded.credits, rides = f.rides + excluded.rides
$$;
