-- The years of ride_credit_figures moved once per statement on the entries (decision 0075), from its transition
-- tables: entries added (ride_credit_years_added), taken (ride_credit_years_removed), or edited — the old version
-- taken and the new one added, the credits moving only for an entry whose year changed, the rides always.
CREATE OR REPLACE FUNCTION "ride_credit_years_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ride_credit_years_added(array_agg(n.user_id), array_agg(n.attraction_id), array_agg(n.ridden_on), array_agg(n.times::integer), array_agg(true))
    FROM logged_entries n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ride_credit_years_removed(array_agg(o.user_id), array_agg(o.attraction_id), array_agg(o.ridden_on), array_agg(o.times::integer), array_agg(true))
    FROM unlogged_entries o;
  ELSE
    PERFORM ride_credit_years_removed(array_agg(o.user_id), array_agg(o.attraction_id), array_agg(o.ridden_on), array_agg(o.times::integer),
      array_agg(extract(year FROM o.ridden_on) IS DISTINCT FROM extract(year FROM n.ridden_on) OR o.attraction_id <> n.attraction_id))
    FROM unlogged_entries o JOIN logged_entries n ON n.id = o.id;
    PERFORM ride_credit_years_added(array_agg(n.user_id), array_agg(n.attraction_id), array_agg(n.ridden_on), array_agg(n.times::integer),
      array_agg(extract(year FROM o.ridden_on) IS DISTINCT FROM extract(year FROM n.ridden_on) OR o.attraction_id <> n.attraction_id))
    FROM unlogged_entries o JOIN logged_entries n ON n.id = o.id;
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
