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
CREATE OR REPLACE TRIGGER "ride_log_tallies_added" AFTER INSERT ON "ride_log_tallies" REFERENCING NEW TABLE AS tallied
  FOR EACH STATEMENT EXECUTE FUNCTION ride_log_credits_recount();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ride_log_tallies_removed" AFTER DELETE ON "ride_log_tallies" REFERENCING OLD TABLE AS untallied
  FOR EACH STATEMENT EXECUTE FUNCTION ride_log_credits_recount();
