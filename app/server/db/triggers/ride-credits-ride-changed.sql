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
CREATE OR REPLACE TRIGGER "attractions_credits_changed" AFTER UPDATE OF type_id, status, moderation_status, continues_id, park_id ON "attractions"
  FOR EACH ROW WHEN (OLD.type_id IS DISTINCT FROM NEW.type_id OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.moderation_status IS DISTINCT FROM NEW.moderation_status OR OLD.continues_id IS DISTINCT FROM NEW.continues_id
    OR OLD.park_id IS DISTINCT FROM NEW.park_id)
  EXECUTE FUNCTION ride_credits_ride_changed();
