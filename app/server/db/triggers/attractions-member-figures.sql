-- A correction of a ride's facts (administrator's edit, accepted suggestion) moves the figures of
-- everyone who rated it by the difference, in one UPDATE over its raters (their rows locked in user
-- order first, so that two corrections sharing raters cannot deadlock): its cost follows the ride's
-- number of raters. A ride's deletion takes its facts out the same way before its ratings go.
CREATE OR REPLACE FUNCTION "attractions_member_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_type int := coalesce(OLD.type_id, 0);
  new_type int := CASE WHEN TG_OP = 'UPDATE' THEN coalesce(NEW.type_id, 0) ELSE 0 END;
  d_track bigint := CASE WHEN TG_OP = 'UPDATE' THEN coalesce(NEW.track_length, 0) ELSE 0 END - coalesce(OLD.track_length, 0);
  d_inversions bigint := CASE WHEN TG_OP = 'UPDATE' THEN coalesce(NEW.inversions, 0) ELSE 0 END - coalesce(OLD.inversions, 0);
  d_seconds bigint := CASE WHEN TG_OP = 'UPDATE' THEN coalesce(NEW.duration, 0) ELSE 0 END - coalesce(OLD.duration, 0);
  d_height numeric := CASE WHEN TG_OP = 'UPDATE' THEN coalesce(NEW.height, 0) ELSE 0 END - coalesce(OLD.height, 0);
BEGIN
  PERFORM 1 FROM user_rating_stats s
  WHERE s.user_id IN (SELECT r.user_id FROM attraction_ratings r WHERE r.attraction_id = OLD.id)
  ORDER BY s.user_id FOR NO KEY UPDATE;
  UPDATE user_rating_stats s SET
    ride_track_metres = s.ride_track_metres + d_track,
    ride_inversions = s.ride_inversions + d_inversions,
    ride_seconds = s.ride_seconds + d_seconds,
    ride_height_metres = s.ride_height_metres + d_height,
    roller_coaster_count = s.roller_coaster_count + (new_type = 1)::int - (old_type = 1)::int,
    dark_ride_count = s.dark_ride_count + (new_type = 2)::int - (old_type = 2)::int,
    water_ride_count = s.water_ride_count + (new_type = 3)::int - (old_type = 3)::int,
    kids_ride_count = s.kids_ride_count + (new_type = 6)::int - (old_type = 6)::int,
    virtual_reality_count = s.virtual_reality_count + (new_type = 7)::int - (old_type = 7)::int,
    interactive_ride_count = s.interactive_ride_count + (new_type = 8)::int - (old_type = 8)::int,
    transport_count = s.transport_count + (new_type = 9)::int - (old_type = 9)::int,
    walk_through_count = s.walk_through_count + (new_type = 10)::int - (old_type = 10)::int,
    flat_ride_count = s.flat_ride_count + (new_type = 4)::int - (old_type = 4)::int,
    show_count = s.show_count + (new_type = 5)::int - (old_type = 5)::int,
    updated_at = now()
  FROM attraction_ratings r
  WHERE r.attraction_id = OLD.id AND s.user_id = r.user_id;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD END;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "attractions_member_figures_corrected" AFTER UPDATE OF "type_id", "track_length", "inversions", "duration", "height"
  ON "attractions"
  FOR EACH ROW WHEN (OLD.type_id IS DISTINCT FROM NEW.type_id OR OLD.track_length IS DISTINCT FROM NEW.track_length
    OR OLD.inversions IS DISTINCT FROM NEW.inversions OR OLD.duration IS DISTINCT FROM NEW.duration
    OR OLD.height IS DISTINCT FROM NEW.height)
  EXECUTE FUNCTION attractions_member_figures();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "attractions_member_figures_deleted" BEFORE DELETE ON "attractions"
  FOR EACH ROW EXECUTE FUNCTION attractions_member_figures();
