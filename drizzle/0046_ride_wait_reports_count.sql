-- Written by npm run db:triggers (decision 0050) from the sources of these functions and their triggers:
--   app/server/db/triggers/ride-wait-reports-count.sql
-- Those files hold the live definitions; a later change to them gets a migration of its own.
-- ride_typical_waits (docs/rules/waits.md#typical-waits, decision 0082): each ride's reported waits counted and summed by
-- day type (Saturday and Sunday are the weekend) and hour of the reports' local time, kept by a row trigger so that every
-- write that adds, replaces or removes a report (a report, a second one of the same hour that replaces it, a ride's or a
-- member's deletion and their cascades) keeps them true in its own transaction. A report replaced within its cell moves
-- the sum alone; a cell left without reports loses its row. Nothing is locked but the cells a report is in.
CREATE OR REPLACE FUNCTION "ride_wait_reports_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_day_type text;
  old_hour smallint;
  left_reports integer;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    old_day_type := CASE WHEN extract(isodow FROM OLD.local_hour) >= 6 THEN 'weekend' ELSE 'weekday' END;
    old_hour := extract(hour FROM OLD.local_hour)::smallint;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.attraction_id = NEW.attraction_id AND OLD.local_hour = NEW.local_hour THEN
    IF OLD.wait_minutes <> NEW.wait_minutes THEN
      UPDATE ride_typical_waits SET minutes_sum = minutes_sum - OLD.wait_minutes + NEW.wait_minutes
      WHERE attraction_id = OLD.attraction_id AND day_type = old_day_type AND hour = old_hour;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- Never an INSERT: a report deleted with its ride finds the ride's cells already gone, and must not write them again.
    UPDATE ride_typical_waits SET reports = reports - 1, minutes_sum = minutes_sum - OLD.wait_minutes
    WHERE attraction_id = OLD.attraction_id AND day_type = old_day_type AND hour = old_hour
    RETURNING reports INTO left_reports;
    IF left_reports = 0 THEN
      DELETE FROM ride_typical_waits WHERE attraction_id = OLD.attraction_id AND day_type = old_day_type AND hour = old_hour;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ride_typical_waits AS w (attraction_id, day_type, hour, reports, minutes_sum)
    VALUES (
      NEW.attraction_id,
      CASE WHEN extract(isodow FROM NEW.local_hour) >= 6 THEN 'weekend' ELSE 'weekday' END,
      extract(hour FROM NEW.local_hour)::smallint,
      1,
      NEW.wait_minutes
    )
    ON CONFLICT (attraction_id, day_type, hour) DO UPDATE SET reports = w.reports + 1, minutes_sum = w.minutes_sum + excluded.minutes_sum;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ride_wait_reports_counted" AFTER INSERT OR UPDATE OR DELETE ON "ride_wait_reports"
  FOR EACH ROW EXECUTE FUNCTION ride_wait_reports_count();
