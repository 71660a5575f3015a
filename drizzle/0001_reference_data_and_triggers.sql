-- The ten attraction types (docs/rules/catalogue.md#ride-types); ids are stable so that code and URLs may use them.
INSERT INTO "attraction_types" ("id", "name") VALUES
  (1, 'roller_coaster'),
  (2, 'dark_ride'),
  (3, 'water_ride'),
  (4, 'flat_ride'),
  (5, 'show'),
  (6, 'kids_ride'),
  (7, 'virtual_reality'),
  (8, 'interactive_ride'),
  (9, 'transport'),
  (10, 'walk_through');
--> statement-breakpoint
-- The administrator's settings live in one row with their defaults (docs/rules/back-office.md#settings).
INSERT INTO "admin_settings" ("id") VALUES (1);
--> statement-breakpoint
-- Votes and reports point at a park or attraction rating through (type, id), which
-- cannot carry a foreign key: these triggers give them the ON DELETE CASCADE they need.
CREATE FUNCTION "delete_rating_dependents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "rating_votes" WHERE "rating_type" = TG_ARGV[0]::rating_kind AND "rating_id" = OLD."id";
  DELETE FROM "comment_reports" WHERE "comment_type" = TG_ARGV[0]::rating_kind AND "comment_id" = OLD."id";
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "park_ratings_delete_dependents" AFTER DELETE ON "park_ratings"
  FOR EACH ROW EXECUTE FUNCTION "delete_rating_dependents"('park');
--> statement-breakpoint
CREATE TRIGGER "attraction_ratings_delete_dependents" AFTER DELETE ON "attraction_ratings"
  FOR EACH ROW EXECUTE FUNCTION "delete_rating_dependents"('attraction');
