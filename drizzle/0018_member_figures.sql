ALTER TABLE "user_rating_stats" ADD COLUMN "attraction_rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "ride_track_metres" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "ride_inversions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "ride_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "ride_height_metres" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "roller_coaster_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "water_ride_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "dark_ride_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "kids_ride_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "virtual_reality_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "interactive_ride_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "transport_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "walk_through_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "helpful_votes_received" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "hidden_reviews" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "review_photos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "attraction_ratings_user_created_idx" ON "attraction_ratings" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "attraction_ratings_user_rating_idx" ON "attraction_ratings" USING btree ("user_id",("rating"::float8),"created_at","id");--> statement-breakpoint
CREATE INDEX "attractions_search_name_prefix_idx" ON "attractions" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "attractions_search_rank_idx" ON "attractions" USING btree ("rating_count" DESC NULLS FIRST,"name");--> statement-breakpoint
CREATE INDEX "park_ratings_user_created_idx" ON "park_ratings" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "park_ratings_user_score_idx" ON "park_ratings" USING btree ("user_id",((((coalesce(kids_friendly_rating, 0) + coalesce(family_friendly_rating, 0) + coalesce(thrill_rating, 0) + coalesce(theming_rating, 0) + coalesce(operations_rating, 0) + coalesce(value_rating, 0))::numeric / num_nonnulls(kids_friendly_rating, family_friendly_rating, thrill_rating, theming_rating, operations_rating, value_rating)))::float8),"created_at","id");--> statement-breakpoint
CREATE INDEX "parks_search_name_prefix_idx" ON "parks" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "parks_search_rank_idx" ON "parks" USING btree ("rating_count" DESC NULLS FIRST,"name");--> statement-breakpoint
-- Hand-written (decision 0031): the profile's figures are kept by row-level triggers, like the
-- rankings' (migration 0016), so that every write that moves them — a rating written, edited or
-- deleted (by its author, the administrator, or a cascade from an account, a park or a ride), a
-- helpful vote, a review hidden or shown again, a correction of a ride's facts — keeps them true
-- in its own transaction. The rating counts and the influence weight, counted by the rating
-- services until now, are kept here too. Ride types by id (migration 0001): 1 roller_coaster,
-- 2 dark_ride, 3 water_ride, 6 kids_ride, 7 virtual_reality, 8 interactive_ride, 9 transport,
-- 10 walk_through.

-- The influence multiplier of a number of rated parks (docs/rules/profiles.md#influence; INFLUENCE_LEVELS in
-- app/domain/influence.ts, which a test compares with this).
CREATE FUNCTION "influence_weight"("parks" int) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN parks >= 101 THEN 2 WHEN parks >= 51 THEN 1.75 WHEN parks >= 26 THEN 1.5
    WHEN parks >= 11 THEN 1.25 ELSE 1 END::numeric
$$;--> statement-breakpoint
CREATE FUNCTION "member_figures_add"("member" text, "d_parks" int, "d_rides" int, "d_type" int, "d_rating_sum" int,
  "d_track" bigint, "d_inversions" bigint, "d_seconds" bigint, "d_height" numeric, "d_helpful" int, "d_hidden" int,
  "d_photos" int)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t int := coalesce(d_type, 0);
BEGIN
  -- Every account has its row from its creation (migration 0003); one missing is created. A
  -- member deleted in this transaction (cascade) has no profile left: nothing to keep.
  FOR attempt IN 1..2 LOOP
    UPDATE user_rating_stats s SET
      total_park_ratings = s.total_park_ratings + d_parks,
      current_weight = influence_weight(s.total_park_ratings + d_parks),
      total_attraction_ratings = s.total_attraction_ratings + d_rides,
      attraction_rating_sum = s.attraction_rating_sum + d_rating_sum,
      ride_track_metres = s.ride_track_metres + d_track,
      ride_inversions = s.ride_inversions + d_inversions,
      ride_seconds = s.ride_seconds + d_seconds,
      ride_height_metres = s.ride_height_metres + d_height,
      roller_coaster_count = s.roller_coaster_count + d_rides * (t = 1)::int,
      dark_ride_count = s.dark_ride_count + d_rides * (t = 2)::int,
      water_ride_count = s.water_ride_count + d_rides * (t = 3)::int,
      kids_ride_count = s.kids_ride_count + d_rides * (t = 6)::int,
      virtual_reality_count = s.virtual_reality_count + d_rides * (t = 7)::int,
      interactive_ride_count = s.interactive_ride_count + d_rides * (t = 8)::int,
      transport_count = s.transport_count + d_rides * (t = 9)::int,
      walk_through_count = s.walk_through_count + d_rides * (t = 10)::int,
      helpful_votes_received = s.helpful_votes_received + d_helpful,
      hidden_reviews = s.hidden_reviews + d_hidden,
      review_photos = s.review_photos + d_photos,
      updated_at = now()
    WHERE s.user_id = member;
    EXIT WHEN FOUND OR NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = member);
    INSERT INTO user_rating_stats (user_id) VALUES (member) ON CONFLICT (user_id) DO NOTHING;
  END LOOP;
END $$;--> statement-breakpoint
-- One attraction rating in or out (sign 1 or -1) of its author's figures. A ride deleted in this
-- transaction is no longer found: its facts and type already left its raters' figures
-- (attractions_member_figures), only the rating's own figures are left to take out.
CREATE FUNCTION "member_attraction_rating_add"("r" attraction_ratings, "sign" int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ride record;
BEGIN
  SELECT a.type_id, a.track_length, a.inversions, a.duration, a.height INTO ride FROM attractions a WHERE a.id = r.attraction_id;
  PERFORM member_figures_add(r.user_id, 0, sign, ride.type_id, sign * r.rating,
    sign * coalesce(ride.track_length, 0), sign * coalesce(ride.inversions, 0), sign * coalesce(ride.duration, 0),
    sign * coalesce(ride.height, 0), sign * r.helpful_count, sign * (r.hidden_at IS NOT NULL)::int, 0);
END $$;--> statement-breakpoint
CREATE FUNCTION "attraction_ratings_member_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE TRIGGER "attraction_ratings_member_figures_written" AFTER INSERT OR DELETE ON "attraction_ratings"
  FOR EACH ROW EXECUTE FUNCTION attraction_ratings_member_figures();--> statement-breakpoint
-- An UPDATE fires only when a figure it feeds changes (recomputing unchanged helpful counts costs nothing here).
CREATE TRIGGER "attraction_ratings_member_figures_changed" AFTER UPDATE OF "rating", "helpful_count", "hidden_at",
  "user_id", "attraction_id" ON "attraction_ratings"
  FOR EACH ROW WHEN (OLD.rating IS DISTINCT FROM NEW.rating OR OLD.helpful_count IS DISTINCT FROM NEW.helpful_count
    OR (OLD.hidden_at IS NULL) IS DISTINCT FROM (NEW.hidden_at IS NULL)
    OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.attraction_id IS DISTINCT FROM NEW.attraction_id)
  EXECUTE FUNCTION attraction_ratings_member_figures();--> statement-breakpoint
CREATE FUNCTION "park_ratings_member_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE TRIGGER "park_ratings_member_figures_written" AFTER INSERT OR DELETE ON "park_ratings"
  FOR EACH ROW EXECUTE FUNCTION park_ratings_member_figures();--> statement-breakpoint
CREATE TRIGGER "park_ratings_member_figures_changed" AFTER UPDATE OF "images", "helpful_count", "hidden_at", "user_id" ON "park_ratings"
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.helpful_count IS DISTINCT FROM NEW.helpful_count
    OR (OLD.hidden_at IS NULL) IS DISTINCT FROM (NEW.hidden_at IS NULL)
    OR cardinality(OLD.images) IS DISTINCT FROM cardinality(NEW.images))
  EXECUTE FUNCTION park_ratings_member_figures();--> statement-breakpoint
-- A correction of a ride's facts (administrator's edit, accepted suggestion) moves the figures of
-- everyone who rated it by the difference, in one UPDATE over its raters (their rows locked in user
-- order first, so that two corrections sharing raters cannot deadlock): its cost follows the ride's
-- number of raters. A ride's deletion takes its facts out the same way before its ratings go.
CREATE FUNCTION "attractions_member_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    updated_at = now()
  FROM attraction_ratings r
  WHERE r.attraction_id = OLD.id AND s.user_id = r.user_id;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD END;
END $$;--> statement-breakpoint
CREATE TRIGGER "attractions_member_figures_corrected" AFTER UPDATE OF "type_id", "track_length", "inversions", "duration", "height"
  ON "attractions"
  FOR EACH ROW WHEN (OLD.type_id IS DISTINCT FROM NEW.type_id OR OLD.track_length IS DISTINCT FROM NEW.track_length
    OR OLD.inversions IS DISTINCT FROM NEW.inversions OR OLD.duration IS DISTINCT FROM NEW.duration
    OR OLD.height IS DISTINCT FROM NEW.height)
  EXECUTE FUNCTION attractions_member_figures();--> statement-breakpoint
CREATE TRIGGER "attractions_member_figures_deleted" BEFORE DELETE ON "attractions"
  FOR EACH ROW EXECUTE FUNCTION attractions_member_figures();--> statement-breakpoint
-- What the triggers would have counted for the rows already there.
UPDATE user_rating_stats s SET
  attraction_rating_sum = f.rating_sum, ride_track_metres = f.track, ride_inversions = f.inversions,
  ride_seconds = f.seconds, ride_height_metres = f.height, roller_coaster_count = f.t1, dark_ride_count = f.t2,
  water_ride_count = f.t3, kids_ride_count = f.t6, virtual_reality_count = f.t7, interactive_ride_count = f.t8,
  transport_count = f.t9, walk_through_count = f.t10,
  helpful_votes_received = f.helpful + coalesce(pk.helpful, 0), hidden_reviews = f.hidden + coalesce(pk.hidden, 0),
  review_photos = coalesce(pk.photos, 0)
FROM (
  SELECT s2.user_id,
    coalesce(sum(r.rating), 0)::int AS rating_sum, coalesce(sum(a.track_length), 0)::int AS track,
    coalesce(sum(a.inversions), 0)::int AS inversions, coalesce(sum(a.duration), 0)::int AS seconds,
    coalesce(sum(a.height), 0) AS height,
    count(*) FILTER (WHERE a.type_id = 1)::int AS t1, count(*) FILTER (WHERE a.type_id = 2)::int AS t2,
    count(*) FILTER (WHERE a.type_id = 3)::int AS t3, count(*) FILTER (WHERE a.type_id = 6)::int AS t6,
    count(*) FILTER (WHERE a.type_id = 7)::int AS t7, count(*) FILTER (WHERE a.type_id = 8)::int AS t8,
    count(*) FILTER (WHERE a.type_id = 9)::int AS t9, count(*) FILTER (WHERE a.type_id = 10)::int AS t10,
    coalesce(sum(r.helpful_count), 0)::int AS helpful, count(r.hidden_at)::int AS hidden
  FROM user_rating_stats s2
  LEFT JOIN attraction_ratings r ON r.user_id = s2.user_id
  LEFT JOIN attractions a ON a.id = r.attraction_id
  GROUP BY s2.user_id
) f
LEFT JOIN (
  SELECT user_id, sum(helpful_count)::int AS helpful, count(hidden_at)::int AS hidden, sum(cardinality(images))::int AS photos
  FROM park_ratings GROUP BY user_id
) pk ON pk.user_id = f.user_id
WHERE s.user_id = f.user_id;
