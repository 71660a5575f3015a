-- profiles.ride_credits and the member's figures (decisions 0074 and 0075) as the member changes their counting rules:
-- counted whole again, the total in the same row before it is written, with the new rules.
CREATE OR REPLACE FUNCTION "ride_log_credits_rules"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.ride_credits := ride_credit_figures_recount(NEW.id, NEW.credits_coasters_only, NEW.credits_count_removed);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "profiles_credit_rules_changed" BEFORE UPDATE OF credits_coasters_only, credits_count_removed ON "profiles"
  FOR EACH ROW WHEN (OLD.credits_coasters_only IS DISTINCT FROM NEW.credits_coasters_only OR OLD.credits_count_removed IS DISTINCT FROM NEW.credits_count_removed)
  EXECUTE FUNCTION ride_log_credits_rules();
