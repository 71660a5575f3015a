-- Written by npm run db:triggers (decision 0050) from the sources of these functions and their triggers:
--   app/server/db/triggers/ride-credit-years-added.sql
--   app/server/db/triggers/ride-credit-years-changed.sql
--   app/server/db/triggers/ride-credit-years-removed.sql
-- Those files hold the live definitions; a later change to them gets a migration of its own.
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
--> statement-breakpoint
-- The years of ride_credit_figures moved once per statement on the entries (decision 0075), from its transition
-- tables: entries added (ride_credit_years_added), taken (ride_credit_years_removed), or edited — the old version
-- taken and the new one added, the credits moving only for an entry whose year changed, the rides always.
CREATE OR REPLACE FUNCTION "ride_credit_years_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ride_credit_years_added(array_agg(n.user_id), array_agg(n.attraction_id), array_agg(n.ridden_on), array_agg(n.times::integer), array_agg(true))
    FROM logged_entries n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ride_credit_years_removed(array_agg(o.user_id), array_agg(o.attraction_id), array_agg(o.ridden_on), array_agg(o.times::integer), array_agg(true))
    FROM unlogged_entries o;
  ELSE
    PERFORM ride_credit_years_removed(array_agg(o.user_id), array_agg(o.attraction_id), array_agg(o.ridden_on), array_agg(o.times::integer),
      array_agg(extract(year FROM o.ridden_on) IS DISTINCT FROM extract(year FROM n.ridden_on) OR o.attraction_id <> n.attraction_id))
    FROM unlogged_entries o JOIN logged_entries n ON n.id = o.id;
    PERFORM ride_credit_years_added(array_agg(n.user_id), array_agg(n.attraction_id), array_agg(n.ridden_on), array_agg(n.times::integer),
      array_agg(extract(year FROM o.ridden_on) IS DISTINCT FROM extract(year FROM n.ridden_on) OR o.attraction_id <> n.attraction_id))
    FROM unlogged_entries o JOIN logged_entries n ON n.id = o.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
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
