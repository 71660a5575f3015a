-- contributor_stats.suggestions_count: every edit suggestion the member made, on parks and on rides.
CREATE OR REPLACE FUNCTION "suggestions_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM contributor_stats_add(NEW.suggested_by, NULL, 'suggestion', 1);
  ELSE PERFORM contributor_stats_add(OLD.suggested_by, NULL, 'suggestion', -1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "park_suggestions_counted" AFTER INSERT OR DELETE ON "park_suggestions"
  FOR EACH ROW EXECUTE FUNCTION suggestions_count();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "attraction_suggestions_counted" AFTER INSERT OR DELETE ON "attraction_suggestions"
  FOR EACH ROW EXECUTE FUNCTION suggestions_count();
