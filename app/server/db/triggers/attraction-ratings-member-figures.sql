-- The member's figures (decision 0031) follow each ride rating written, edited, voted on, hidden or
-- deleted (by its author, the administrator, or a cascade from an account, a park or a ride), in the
-- writer's own transaction.
CREATE OR REPLACE FUNCTION "attraction_ratings_member_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.user_id = OLD.user_id AND NEW.attraction_id = OLD.attraction_id THEN
    -- An edit, a vote or a moderation: the ride's facts stay, only the rating's own figures move.
    PERFORM member_figures_add(NEW.user_id, 0, 0, NULL, NEW.rating - OLD.rating, 0, 0, 0, 0,
      NEW.helpful_count - OLD.helpful_count, (NEW.hidden_at IS NOT NULL)::int - (OLD.hidden_at IS NOT NULL)::int, 0);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM member_attraction_rating_add(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM member_attraction_rating_add(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "attraction_ratings_member_figures_written" AFTER INSERT OR DELETE ON "attraction_ratings"
  FOR EACH ROW EXECUTE FUNCTION attraction_ratings_member_figures();
--> statement-breakpoint
-- An UPDATE fires only when a figure it feeds changes.
CREATE OR REPLACE TRIGGER "attraction_ratings_member_figures_changed" AFTER UPDATE OF "rating", "helpful_count", "hidden_at",
  "user_id", "attraction_id" ON "attraction_ratings"
  FOR EACH ROW WHEN (OLD.rating IS DISTINCT FROM NEW.rating OR OLD.helpful_count IS DISTINCT FROM NEW.helpful_count
    OR (OLD.hidden_at IS NULL) IS DISTINCT FROM (NEW.hidden_at IS NULL)
    OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.attraction_id IS DISTINCT FROM NEW.attraction_id)
  EXECUTE FUNCTION attraction_ratings_member_figures();
