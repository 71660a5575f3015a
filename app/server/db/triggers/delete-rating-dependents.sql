-- Votes and reports point at a park or ride rating through (type, id), which cannot carry a foreign
-- key: these triggers give them the ON DELETE CASCADE they need. TG_ARGV[0] is the rating's kind.
CREATE OR REPLACE FUNCTION "delete_rating_dependents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "rating_votes" WHERE "rating_type" = TG_ARGV[0]::rating_kind AND "rating_id" = OLD."id";
  DELETE FROM "comment_reports" WHERE "comment_type" = TG_ARGV[0]::rating_kind AND "comment_id" = OLD."id";
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "park_ratings_delete_dependents" AFTER DELETE ON "park_ratings"
  FOR EACH ROW EXECUTE FUNCTION "delete_rating_dependents"('park');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "attraction_ratings_delete_dependents" AFTER DELETE ON "attraction_ratings"
  FOR EACH ROW EXECUTE FUNCTION "delete_rating_dependents"('attraction');
