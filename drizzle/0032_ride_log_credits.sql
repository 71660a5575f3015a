-- Written by npm run db:triggers (decision 0050) from the sources of these functions and their triggers:
--   app/server/db/triggers/ride-credits-ride-changed.sql
--   app/server/db/triggers/ride-log-credits-recount.sql
--   app/server/db/triggers/ride-log-credits-rules.sql
--   app/server/db/triggers/ride-log-credits.sql
-- Those files hold the live definitions; a later change to them gets a migration of its own.
-- profiles.ride_credits (decision 0074) when a ride changes what it counts for: its type (coasters only), its status
-- (removed rides), its publication, or the ride it continues (a relocation link set or taken away). Every member who
-- rode it, or a ride of its line, is counted again; whatever path changed the ride (the administrator, an approved
-- suggestion).
CREATE OR REPLACE FUNCTION "ride_credits_ride_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles p SET ride_credits = ride_log_credits(p.id, p.credits_coasters_only, p.credits_count_removed)
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
-- profiles.ride_credits (decision 0074): the member's credits under their own rules, moved once per statement that
-- changes their tallies (an entry logged, edited or deleted, an import or its undoing, a ride's or an account's
-- deletion cascading), from its transition table: an import of thousands of lines recounts each member once.
CREATE OR REPLACE FUNCTION "ride_log_credits_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only a ride added to or gone from the tallies moves the count: a tally's times or dates do not.
  IF TG_OP = 'INSERT' THEN
    UPDATE profiles p SET ride_credits = ride_log_credits(p.id, p.credits_coasters_only, p.credits_count_removed)
    WHERE p.id IN (SELECT DISTINCT user_id FROM tallied);
  ELSE
    UPDATE profiles p SET ride_credits = ride_log_credits(p.id, p.credits_coasters_only, p.credits_count_removed)
    WHERE p.id IN (SELECT DISTINCT user_id FROM untallied);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- profiles.ride_credits (decision 0074) as the member changes their counting rules: counted again in the same row,
-- before it is written, with the new rules.
CREATE OR REPLACE FUNCTION "ride_log_credits_rules"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.ride_credits := ride_log_credits(NEW.id, NEW.credits_coasters_only, NEW.credits_count_removed);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A member's credits under the given counting rules (docs/rules/ride-log.md#credits, decision 0074): the distinct
-- rides of their tallies, a relocated ride and the one it continues being one credit (its line's first ride's id),
-- the published ones only; coasters only when asked; a credit whose every ride is removed left out when asked. Read
-- over the member's own tallies, one row per ride they have ridden: the cost does not grow with the catalogue.
CREATE OR REPLACE FUNCTION "ride_log_credits"(member text, coasters_only boolean, count_removed boolean) RETURNS integer
  LANGUAGE sql STABLE AS $$
  SELECT count(DISTINCT coalesce(a.continues_id, a.id))::integer
  FROM ride_log_tallies t
  JOIN attractions a ON a.id = t.attraction_id
  WHERE t.user_id = member
    AND a.moderation_status = 'approved'
    AND (NOT coasters_only OR a.type_id = 1)
    AND (count_removed OR EXISTS (
      SELECT 1 FROM attractions line
      WHERE (line.id = coalesce(a.continues_id, a.id) OR line.continues_id = coalesce(a.continues_id, a.id))
        AND line.status = 'operating' AND line.moderation_status = 'approved'
    ))
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "attractions_credits_changed" AFTER UPDATE OF type_id, status, moderation_status, continues_id ON "attractions"
  FOR EACH ROW WHEN (OLD.type_id IS DISTINCT FROM NEW.type_id OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.moderation_status IS DISTINCT FROM NEW.moderation_status OR OLD.continues_id IS DISTINCT FROM NEW.continues_id)
  EXECUTE FUNCTION ride_credits_ride_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ride_log_tallies_added" AFTER INSERT ON "ride_log_tallies" REFERENCING NEW TABLE AS tallied
  FOR EACH STATEMENT EXECUTE FUNCTION ride_log_credits_recount();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ride_log_tallies_removed" AFTER DELETE ON "ride_log_tallies" REFERENCING OLD TABLE AS untallied
  FOR EACH STATEMENT EXECUTE FUNCTION ride_log_credits_recount();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "profiles_credit_rules_changed" BEFORE UPDATE OF credits_coasters_only, credits_count_removed ON "profiles"
  FOR EACH ROW WHEN (OLD.credits_coasters_only IS DISTINCT FROM NEW.credits_coasters_only OR OLD.credits_count_removed IS DISTINCT FROM NEW.credits_count_removed)
  EXECUTE FUNCTION ride_log_credits_rules();
