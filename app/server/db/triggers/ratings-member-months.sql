-- user_rating_months (the profile's chart of ratings by month, docs/rules/profiles.md#profile-charts,
-- decision 0035), kept by row triggers on both rating tables so that every write that adds or removes a
-- rating (its author, the administrator, a cascade from an account, a park or a ride) keeps it true in
-- its own transaction. An edit keeps the rating's month.
CREATE OR REPLACE FUNCTION "ratings_member_months"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_park int := (TG_TABLE_NAME = 'park_ratings')::int;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM member_month_add(OLD.user_id, OLD.created_at, -is_park, is_park - 1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM member_month_add(NEW.user_id, NEW.created_at, is_park, 1 - is_park); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "park_ratings_member_months_written" AFTER INSERT OR DELETE ON "park_ratings"
  FOR EACH ROW EXECUTE FUNCTION ratings_member_months();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "park_ratings_member_months_moved" AFTER UPDATE OF "user_id", "created_at" ON "park_ratings"
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION ratings_member_months();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "attraction_ratings_member_months_written" AFTER INSERT OR DELETE ON "attraction_ratings"
  FOR EACH ROW EXECUTE FUNCTION ratings_member_months();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "attraction_ratings_member_months_moved" AFTER UPDATE OF "user_id", "created_at" ON "attraction_ratings"
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION ratings_member_months();
