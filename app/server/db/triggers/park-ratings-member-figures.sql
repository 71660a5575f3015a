-- The member's figures (decision 0031) follow each park rating written, voted on, hidden, given photos
-- or deleted (by its author, the administrator, or a cascade from an account or a park).
CREATE OR REPLACE FUNCTION "park_ratings_member_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.user_id = OLD.user_id THEN
    PERFORM member_figures_add(NEW.user_id, 0, 0, NULL, 0, 0, 0, 0, 0, NEW.helpful_count - OLD.helpful_count,
      (NEW.hidden_at IS NOT NULL)::int - (OLD.hidden_at IS NOT NULL)::int, cardinality(NEW.images) - cardinality(OLD.images));
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM member_figures_add(OLD.user_id, -1, 0, NULL, 0, 0, 0, 0, 0, -OLD.helpful_count,
      -(OLD.hidden_at IS NOT NULL)::int, -cardinality(OLD.images));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM member_figures_add(NEW.user_id, 1, 0, NULL, 0, 0, 0, 0, 0, NEW.helpful_count,
      (NEW.hidden_at IS NOT NULL)::int, cardinality(NEW.images));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "park_ratings_member_figures_written" AFTER INSERT OR DELETE ON "park_ratings"
  FOR EACH ROW EXECUTE FUNCTION park_ratings_member_figures();
--> statement-breakpoint
-- An UPDATE fires only when a figure it feeds changes.
CREATE OR REPLACE TRIGGER "park_ratings_member_figures_changed" AFTER UPDATE OF "images", "helpful_count", "hidden_at", "user_id" ON "park_ratings"
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.helpful_count IS DISTINCT FROM NEW.helpful_count
    OR (OLD.hidden_at IS NULL) IS DISTINCT FROM (NEW.hidden_at IS NULL)
    OR cardinality(OLD.images) IS DISTINCT FROM cardinality(NEW.images))
  EXECUTE FUNCTION park_ratings_member_figures();
