-- Runs ride_credit_years_refresh for the members and years a statement on the entries touched (decision 0075).
CREATE OR REPLACE FUNCTION "ride_credit_years_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ride_credit_years_refresh(array_agg(user_id), array_agg(extract(year FROM ridden_on)::integer))
    FROM logged_entries WHERE ridden_on IS NOT NULL HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ride_credit_years_refresh(array_agg(user_id), array_agg(extract(year FROM ridden_on)::integer))
    FROM unlogged_entries WHERE ridden_on IS NOT NULL HAVING count(*) > 0;
  ELSE
    PERFORM ride_credit_years_refresh(array_agg(user_id), array_agg(extract(year FROM ridden_on)::integer))
    FROM (SELECT user_id, ridden_on FROM unlogged_entries UNION SELECT user_id, ridden_on FROM logged_entries) changed
    WHERE ridden_on IS NOT NULL HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ride_log_entries_years_added" AFTER INSERT ON "ride_log_entries" REFERENCING NEW TABLE AS logged_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ride_credit_years_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ride_log_entries_years_removed" AFTER DELETE ON "ride_log_entries" REFERENCING OLD TABLE AS unlogged_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ride_credit_years_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ride_log_entries_years_edited" AFTER UPDATE ON "ride_log_entries" REFERENCING OLD TABLE AS unlogged_entries NEW TABLE AS logged_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ride_credit_years_changed();
