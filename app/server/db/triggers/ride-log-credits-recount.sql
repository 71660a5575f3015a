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
CREATE OR REPLACE TRIGGER "ride_log_tallies_added" AFTER INSERT ON "ride_log_tallies" REFERENCING NEW TABLE AS tallied
  FOR EACH STATEMENT EXECUTE FUNCTION ride_log_credits_recount();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ride_log_tallies_removed" AFTER DELETE ON "ride_log_tallies" REFERENCING OLD TABLE AS untallied
  FOR EACH STATEMENT EXECUTE FUNCTION ride_log_credits_recount();
