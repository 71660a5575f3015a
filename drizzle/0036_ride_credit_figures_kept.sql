-- Written by npm run db:triggers (decision 0050) from the sources of these functions and their triggers:
--   app/server/db/triggers/ride-credit-figures-recount.sql
--   app/server/db/triggers/ride-credit-keys.sql
--   app/server/db/triggers/ride-credit-years-changed.sql
--   app/server/db/triggers/ride-credit-years-refresh.sql
--   app/server/db/triggers/ride-credits-park-moved.sql
--   app/server/db/triggers/ride-credits-ride-changed.sql
--   app/server/db/triggers/ride-log-credits-recount.sql
--   app/server/db/triggers/ride-log-credits-rules.sql
--   app/server/db/triggers/ride-log-credits.sql
-- Those files hold the live definitions; a later change to them gets a migration of its own.
-- A member's credit figures counted whole under the given rules (decision 0075): their rows of ride_credit_figures
-- written again from their tallies (type, park, country) and entries (years), answering the total for
-- profiles.ride_credits. Run when what the differences cannot follow changes: the member's rules
-- (ride_log_credits_rules), a ride's type, status, publication or line (ride_credits_ride_changed), a ride deleted
-- under the member's tallies (ride_log_credits_recount).
CREATE OR REPLACE FUNCTION "ride_credit_figures_recount"(member text, coasters_only boolean, count_removed boolean) RETURNS integer
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ride_credit_figures WHERE user_id = member;
  INSERT INTO ride_credit_figures (user_id, dimension, key, credits)
  SELECT member, k.dimension, k.key, count(DISTINCT k.credit_id)
  FROM ride_log_tallies t
  CROSS JOIN LATERAL ride_credit_keys(t.attraction_id, coasters_only, count_removed) k
  WHERE t.user_id = member AND k.dimension <> 'all'
  GROUP BY k.dimension, k.key;
  INSERT INTO ride_credit_figures (user_id, dimension, key, credits, rides)
  SELECT member, 'year', extract(year FROM e.ridden_on)::integer::text, count(DISTINCT k.credit_id), sum(e.times)
  FROM ride_log_entries e
  CROSS JOIN LATERAL ride_credit_keys(e.attraction_id, coasters_only, count_removed) k
  WHERE e.user_id = member AND e.ridden_on IS NOT NULL AND k.dimension = 'all'
  GROUP BY extract(year FROM e.ridden_on);
  RETURN ride_log_credits(member, coasters_only, count_removed);
END $$;
--> statement-breakpoint
-- What one ride counts for under a member's counting rules (docs/rules/ride-log.md#credits, decisions 0074 and 0075):
-- nothing when it does not count; else its credit (its line's first ride's id, so that a relocated ride and the one
-- it continues are one credit) under each of the keys the figures keep: 'all' (the total), its type, its park, its
-- park's country. A published ride only; a coaster only when the member counts coasters only; a credit whose every
-- ride is removed left out when the member leaves removed rides out. The one source of these conditions: the total
-- (ride_log_credits), the figures' triggers and their recount all read it.
CREATE OR REPLACE FUNCTION "ride_credit_keys"(ride uuid, coasters_only boolean, count_removed boolean)
  RETURNS TABLE (credit_id uuid, dimension text, key text) LANGUAGE sql STABLE AS $$
  SELECT coalesce(a.continues_id, a.id), k.dimension, k.key
  FROM attractions a
  JOIN parks p ON p.id = a.park_id
  CROSS JOIN LATERAL (VALUES ('all', ''), ('type', a.type_id::text), ('park', p.id::text), ('country', p.country)) AS k (dimension, key)
  WHERE a.id = ride
    AND a.moderation_status = 'approved'
    AND (NOT coasters_only OR a.type_id = 1)
    AND (count_removed OR EXISTS (
      SELECT 1 FROM attractions line
      WHERE (line.id = coalesce(a.continues_id, a.id) OR line.continues_id = coalesce(a.continues_id, a.id))
        AND line.status = 'operating' AND line.moderation_status = 'approved'
    ))
$$;
--> statement-breakpoint
-- Runs ride_credit_years_refresh for the members and years a statement on the entries touched (decision 0075).
CREATE OR REPLACE FUNCTION "ride_credit_years_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ride_credit_years_refresh(array_agg(user_id), array_agg(extract(year FROM ridden_on)::integer))
    FROM logged_entries WHERE ridden_on IS NOT NULL HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ride_credit_years_refresh(array_agg(user_id), array_agg(extract(year FROM ridden_on)::integer))
    FROM unlogged_entries WHERE ridden_on IS NOT NULL HAVING count(*) > 0;
  ELSE
    PERFORM ride_credit_years_refresh(array_agg(user_id), array_agg(extract(year FROM ridden_on)::integer))
    FROM (SELECT user_id, ridden_on FROM unlogged_entries UNION SELECT user_id, ridden_on FROM logged_entries) changed
    WHERE ridden_on IS NOT NULL HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
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
--> statement-breakpoint
-- A park's country names a key of its riders' figures: when it changes, every member who rode one of its rides is
-- counted again.
CREATE OR REPLACE FUNCTION "ride_credits_park_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles p SET ride_credits = ride_credit_figures_recount(p.id, p.credits_coasters_only, p.credits_count_removed)
  WHERE p.id IN (SELECT t.user_id FROM ride_log_tallies t JOIN attractions a ON a.id = t.attraction_id WHERE a.park_id = NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- profiles.ride_credits and the figures of ride_credit_figures (decisions 0074 and 0075), counted whole when a ride
-- changes what it counts for: its type (coasters only, the type's figures), its status (removed rides), its
-- publication, its park, or the ride it continues (a relocation link set or taken away). Every member who rode it, or
-- a ride of its line, is counted again; whatever path changed the ride (the administrator, an approved suggestion).
CREATE OR REPLACE FUNCTION "ride_credits_ride_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles p SET ride_credits = ride_credit_figures_recount(p.id, p.credits_coasters_only, p.credits_count_removed)
  WHERE p.id IN (
    SELECT t.user_id FROM ride_log_tallies t
    WHERE t.attraction_id IN (
      SELECT line.id FROM attractions line
      WHERE line.id IN (NEW.id, NEW.continues_id, OLD.continues_id)
         OR line.continues_id IN (NEW.id, NEW.continues_id, OLD.continues_id)
    )
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
-- profiles.ride_credits and the member's figures of ride_credit_figures (decisions 0074 and 0075), moved once per
-- statement that adds rides to their tallies or takes rides out of them (an entry logged or deleted, an import or its
-- undoing, a ride's or an account's deletion cascading), from its transition table: an import of thousands of lines
-- moves each member once. Moved by differences, never counted whole: a key (the total, a type, a park, a country) of
-- a credit gains one when every tally the member holds of the credit's line under that key is new, and loses one when
-- none is left; the statement reads the lines it touched, not the member's whole log. A tally's times or dates do not
-- move a credit (the years follow the entries: ride_credit_years_changed).
CREATE OR REPLACE FUNCTION "ride_log_credits_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH added AS (
      SELECT t.user_id, k.credit_id, k.dimension, k.key, count(*) AS tallies
      FROM tallied t
      JOIN profiles p ON p.id = t.user_id
      CROSS JOIN LATERAL ride_credit_keys(t.attraction_id, p.credits_coasters_only, p.credits_count_removed) k
      GROUP BY 1, 2, 3, 4
    ), held AS (
      SELECT c.user_id, k.credit_id, k.dimension, k.key, count(*) AS tallies
      FROM (SELECT DISTINCT user_id, credit_id FROM added) c
      JOIN profiles p ON p.id = c.user_id
      CROSS JOIN LATERAL (SELECT c.credit_id AS id UNION ALL SELECT a.id FROM attractions a WHERE a.continues_id = c.credit_id) line
      JOIN ride_log_tallies t ON t.user_id = c.user_id AND t.attraction_id = line.id
      CROSS JOIN LATERAL ride_credit_keys(t.attraction_id, p.credits_coasters_only, p.credits_count_removed) k
      GROUP BY 1, 2, 3, 4
    ), moved AS (
      SELECT a.user_id, a.dimension, a.key, count(*)::integer AS credits
      FROM added a JOIN held h USING (user_id, credit_id, dimension, key)
      WHERE h.tallies = a.tallies
      GROUP BY 1, 2, 3
    ), figures AS (
      INSERT INTO ride_credit_figures AS f (user_id, dimension, key, credits)
      SELECT user_id, dimension, key, credits FROM moved WHERE dimension <> 'all'
      ON CONFLICT (user_id, dimension, key) DO UPDATE SET credits = f.credits + excluded.credits
    )
    UPDATE profiles p SET ride_credits = p.ride_credits + moved.credits
    FROM moved WHERE moved.dimension = 'all' AND p.id = moved.user_id;
  ELSE
    -- A ride deleted takes its riders' tallies with it: its keys can no longer be read, so they are counted whole.
    UPDATE profiles p SET ride_credits = ride_credit_figures_recount(p.id, p.credits_coasters_only, p.credits_count_removed)
    WHERE p.id IN (SELECT u.user_id FROM untallied u WHERE NOT EXISTS (SELECT 1 FROM attractions a WHERE a.id = u.attraction_id));
    WITH removed AS (
      SELECT DISTINCT t.user_id, k.credit_id, k.dimension, k.key
      FROM untallied t
      JOIN profiles p ON p.id = t.user_id
      CROSS JOIN LATERAL ride_credit_keys(t.attraction_id, p.credits_coasters_only, p.credits_count_removed) k
      WHERE NOT EXISTS (
        SELECT 1 FROM untallied gone
        WHERE gone.user_id = t.user_id AND NOT EXISTS (SELECT 1 FROM attractions a WHERE a.id = gone.attraction_id)
      )
    ), held AS (
      SELECT DISTINCT c.user_id, k.credit_id, k.dimension, k.key
      FROM (SELECT DISTINCT user_id, credit_id FROM removed) c
      JOIN profiles p ON p.id = c.user_id
      CROSS JOIN LATERAL (SELECT c.credit_id AS id UNION ALL SELECT a.id FROM attractions a WHERE a.continues_id = c.credit_id) line
      JOIN ride_log_tallies t ON t.user_id = c.user_id AND t.attraction_id = line.id
      CROSS JOIN LATERAL ride_credit_keys(t.attraction_id, p.credits_coasters_only, p.credits_count_removed) k
    ), moved AS (
      SELECT r.user_id, r.dimension, r.key, count(*)::integer AS credits
      FROM removed r LEFT JOIN held h USING (user_id, credit_id, dimension, key)
      WHERE h.user_id IS NULL
      GROUP BY 1, 2, 3
    ), figures AS (
      UPDATE ride_credit_figures f SET credits = f.credits - moved.credits
      FROM moved
      WHERE moved.dimension <> 'all' AND f.user_id = moved.user_id AND f.dimension = moved.dimension AND f.key = moved.key
    )
    UPDATE profiles p SET ride_credits = p.ride_credits - moved.credits
    FROM moved WHERE moved.dimension = 'all' AND p.id = moved.user_id;
    DELETE FROM ride_credit_figures f
    WHERE f.user_id IN (SELECT DISTINCT user_id FROM untallied) AND f.dimension <> 'year' AND f.credits <= 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- profiles.ride_credits and the member's figures (decisions 0074 and 0075) as the member changes their counting rules:
-- counted whole again, the total in the same row before it is written, with the new rules.
CREATE OR REPLACE FUNCTION "ride_log_credits_rules"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.ride_credits := ride_credit_figures_recount(NEW.id, NEW.credits_coasters_only, NEW.credits_count_removed);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A member's credits under the given counting rules (docs/rules/ride-log.md#credits, decision 0074): the distinct
-- credits of their tallies as ride_credit_keys counts them. Read over the member's own tallies, one row per ride they
-- have ridden: the cost does not grow with the catalogue. The triggers keep the total without it, by differences
-- (decision 0075); it counts it whole when the rules or a ride change.
CREATE OR REPLACE FUNCTION "ride_log_credits"(member text, coasters_only boolean, count_removed boolean) RETURNS integer
  LANGUAGE sql STABLE AS $$
  SELECT count(DISTINCT k.credit_id)::integer
  FROM ride_log_tallies t
  CROSS JOIN LATERAL ride_credit_keys(t.attraction_id, coasters_only, count_removed) k
  WHERE t.user_id = member AND k.dimension = 'all'
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ride_log_entries_years_added" AFTER INSERT ON "ride_log_entries" REFERENCING NEW TABLE AS logged_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ride_credit_years_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ride_log_entries_years_removed" AFTER DELETE ON "ride_log_entries" REFERENCING OLD TABLE AS unlogged_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ride_credit_years_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ride_log_entries_years_edited" AFTER UPDATE ON "ride_log_entries" REFERENCING OLD TABLE AS unlogged_entries NEW TABLE AS logged_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ride_credit_years_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "parks_credits_country_changed" AFTER UPDATE OF country ON "parks"
  FOR EACH ROW WHEN (OLD.country IS DISTINCT FROM NEW.country)
  EXECUTE FUNCTION ride_credits_park_moved();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "attractions_credits_changed" AFTER UPDATE OF type_id, status, moderation_status, continues_id, park_id ON "attractions"
  FOR EACH ROW WHEN (OLD.type_id IS DISTINCT FROM NEW.type_id OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.moderation_status IS DISTINCT FROM NEW.moderation_status OR OLD.continues_id IS DISTINCT FROM NEW.continues_id
    OR OLD.park_id IS DISTINCT FROM NEW.park_id)
  EXECUTE FUNCTION ride_credits_ride_changed();
--> statement-breakpoint
-- Every member's figures counted once, from the logs already kept (decision 0075).
UPDATE profiles p SET ride_credits = ride_credit_figures_recount(p.id, p.credits_coasters_only, p.credits_count_removed)
WHERE p.id IN (SELECT user_id FROM ride_log_entries);
