-- A park's country names a key of its riders' figures: when it changes, every member who rode one of its rides is
-- counted again.
CREATE OR REPLACE FUNCTION "ride_credits_park_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles p SET ride_credits = ride_credit_figures_recount(p.id, p.credits_coasters_only, p.credits_count_removed)
  WHERE p.id IN (SELECT t.user_id FROM ride_log_tallies t JOIN attractions a ON a.id = t.attraction_id WHERE a.park_id = NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "parks_credits_country_changed" AFTER UPDATE OF country ON "parks"
  FOR EACH ROW WHEN (OLD.country IS DISTINCT FROM NEW.country)
  EXECUTE FUNCTION ride_credits_park_moved();
