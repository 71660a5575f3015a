-- contributor_stats' additions and edits: the member's approved content_modifications rows, by target
-- and action, moved as rows are written, approved, rejected or deleted (cascades included).
CREATE OR REPLACE FUNCTION "content_modifications_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.status = 'approved' THEN
    PERFORM contributor_stats_add(OLD.user_id, OLD.target_type::text, OLD.action::text, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'approved' THEN
    PERFORM contributor_stats_add(NEW.user_id, NEW.target_type::text, NEW.action::text, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "content_modifications_counted" AFTER INSERT OR UPDATE OR DELETE ON "content_modifications"
  FOR EACH ROW EXECUTE FUNCTION content_modifications_count();
