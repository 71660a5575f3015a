CREATE TABLE "user_rating_months" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"park_ratings" integer DEFAULT 0 NOT NULL,
	"attraction_ratings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_rating_months_user_id_month_pk" PRIMARY KEY("user_id","month"),
	CONSTRAINT "user_rating_months_counts" CHECK ("user_rating_months"."park_ratings" >= 0 AND "user_rating_months"."attraction_ratings" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attractions" ADD COLUMN "rating_histogram" integer[] DEFAULT '{0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "parks" ADD COLUMN "kids_friendly_histogram" integer[] DEFAULT '{0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "parks" ADD COLUMN "family_friendly_histogram" integer[] DEFAULT '{0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "parks" ADD COLUMN "thrill_histogram" integer[] DEFAULT '{0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "parks" ADD COLUMN "theming_histogram" integer[] DEFAULT '{0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "parks" ADD COLUMN "operations_histogram" integer[] DEFAULT '{0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "parks" ADD COLUMN "value_histogram" integer[] DEFAULT '{0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "flat_ride_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "show_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_rating_months" ADD CONSTRAINT "user_rating_months_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attractions" ADD CONSTRAINT "attractions_rating_histogram" CHECK (cardinality(rating_histogram) = 5 AND array_position(rating_histogram, NULL) IS NULL AND 0 <= ALL(rating_histogram));--> statement-breakpoint
ALTER TABLE "parks" ADD CONSTRAINT "parks_histograms" CHECK (cardinality(kids_friendly_histogram) = 5 AND array_position(kids_friendly_histogram, NULL) IS NULL AND 0 <= ALL(kids_friendly_histogram) AND cardinality(family_friendly_histogram) = 5 AND array_position(family_friendly_histogram, NULL) IS NULL AND 0 <= ALL(family_friendly_histogram) AND cardinality(thrill_histogram) = 5 AND array_position(thrill_histogram, NULL) IS NULL AND 0 <= ALL(thrill_histogram) AND cardinality(theming_histogram) = 5 AND array_position(theming_histogram, NULL) IS NULL AND 0 <= ALL(theming_histogram) AND cardinality(operations_histogram) = 5 AND array_position(operations_histogram, NULL) IS NULL AND 0 <= ALL(operations_histogram) AND cardinality(value_histogram) = 5 AND array_position(value_histogram, NULL) IS NULL AND 0 <= ALL(value_histogram));--> statement-breakpoint
-- Hand-written (decision 0035): the charts' numbers are maintained, never counted per request.
-- The star histograms of parks and rides move in the rating services' own UPDATEs (as the sums do)
-- and are rebuilt by recomputeAggregates; the member's ratings by month are kept by row triggers on
-- the rating tables, like the profile's figures (migration 0018), so that every write that adds or
-- removes a rating (its author, the administrator, a cascade from an account, a park or a ride)
-- keeps them true in its own transaction. A month is the UTC calendar month of the rating's creation;
-- an edit keeps it. A month whose counts fall to zero loses its row (recomputeAggregates builds none).
CREATE FUNCTION "member_month_add"("member" text, "created" timestamptz, "d_parks" int, "d_rides" int)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', created AT TIME ZONE 'UTC')::date;
BEGIN
  IF d_parks + d_rides > 0 THEN
    -- The rating's foreign key guarantees the profile: its month row may be created.
    INSERT INTO user_rating_months AS u (user_id, month, park_ratings, attraction_ratings) VALUES (member, m, d_parks, d_rides)
    ON CONFLICT (user_id, month) DO UPDATE SET park_ratings = u.park_ratings + excluded.park_ratings,
      attraction_ratings = u.attraction_ratings + excluded.attraction_ratings;
  ELSE
    -- A member deleted in this transaction has no rows left (cascade): both statements find nothing.
    UPDATE user_rating_months SET park_ratings = park_ratings + d_parks, attraction_ratings = attraction_ratings + d_rides
    WHERE user_id = member AND month = m;
    DELETE FROM user_rating_months WHERE user_id = member AND month = m AND park_ratings = 0 AND attraction_ratings = 0;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "ratings_member_months"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_park int := (TG_TABLE_NAME = 'park_ratings')::int;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM member_month_add(OLD.user_id, OLD.created_at, -is_park, is_park - 1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM member_month_add(NEW.user_id, NEW.created_at, is_park, 1 - is_park); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "park_ratings_member_months_written" AFTER INSERT OR DELETE ON "park_ratings"
  FOR EACH ROW EXECUTE FUNCTION ratings_member_months();--> statement-breakpoint
CREATE TRIGGER "park_ratings_member_months_moved" AFTER UPDATE OF "user_id", "created_at" ON "park_ratings"
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION ratings_member_months();--> statement-breakpoint
CREATE TRIGGER "attraction_ratings_member_months_written" AFTER INSERT OR DELETE ON "attraction_ratings"
  FOR EACH ROW EXECUTE FUNCTION ratings_member_months();--> statement-breakpoint
CREATE TRIGGER "attraction_ratings_member_months_moved" AFTER UPDATE OF "user_id", "created_at" ON "attraction_ratings"
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION ratings_member_months();--> statement-breakpoint
-- What the services and triggers would have counted for the rows already there.
INSERT INTO user_rating_months (user_id, month, park_ratings, attraction_ratings)
SELECT user_id, month, sum(parks)::int, sum(rides)::int
FROM (
  SELECT user_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month, 1 AS parks, 0 AS rides FROM park_ratings
  UNION ALL
  SELECT user_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, 0, 1 FROM attraction_ratings
) r
GROUP BY user_id, month;--> statement-breakpoint
UPDATE attractions a SET rating_histogram = h.histogram
FROM (
  SELECT attraction_id, ARRAY[count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2),
    count(*) FILTER (WHERE rating = 3), count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5)]::int[] AS histogram
  FROM attraction_ratings GROUP BY attraction_id
) h
WHERE h.attraction_id = a.id;--> statement-breakpoint
UPDATE parks p SET
  kids_friendly_histogram = h.kf, family_friendly_histogram = h.ff, thrill_histogram = h.th,
  theming_histogram = h.tm, operations_histogram = h.op, value_histogram = h.va
FROM (
  SELECT park_id,
    ARRAY[count(*) FILTER (WHERE kids_friendly_rating = 1), count(*) FILTER (WHERE kids_friendly_rating = 2),
      count(*) FILTER (WHERE kids_friendly_rating = 3), count(*) FILTER (WHERE kids_friendly_rating = 4),
      count(*) FILTER (WHERE kids_friendly_rating = 5)]::int[] AS kf,
    ARRAY[count(*) FILTER (WHERE family_friendly_rating = 1), count(*) FILTER (WHERE family_friendly_rating = 2),
      count(*) FILTER (WHERE family_friendly_rating = 3), count(*) FILTER (WHERE family_friendly_rating = 4),
      count(*) FILTER (WHERE family_friendly_rating = 5)]::int[] AS ff,
    ARRAY[count(*) FILTER (WHERE thrill_rating = 1), count(*) FILTER (WHERE thrill_rating = 2),
      count(*) FILTER (WHERE thrill_rating = 3), count(*) FILTER (WHERE thrill_rating = 4),
      count(*) FILTER (WHERE thrill_rating = 5)]::int[] AS th,
    ARRAY[count(*) FILTER (WHERE theming_rating = 1), count(*) FILTER (WHERE theming_rating = 2),
      count(*) FILTER (WHERE theming_rating = 3), count(*) FILTER (WHERE theming_rating = 4),
      count(*) FILTER (WHERE theming_rating = 5)]::int[] AS tm,
    ARRAY[count(*) FILTER (WHERE operations_rating = 1), count(*) FILTER (WHERE operations_rating = 2),
      count(*) FILTER (WHERE operations_rating = 3), count(*) FILTER (WHERE operations_rating = 4),
      count(*) FILTER (WHERE operations_rating = 5)]::int[] AS op,
    ARRAY[count(*) FILTER (WHERE value_rating = 1), count(*) FILTER (WHERE value_rating = 2),
      count(*) FILTER (WHERE value_rating = 3), count(*) FILTER (WHERE value_rating = 4),
      count(*) FILTER (WHERE value_rating = 5)]::int[] AS va
  FROM park_ratings GROUP BY park_id
) h
WHERE h.park_id = p.id;--> statement-breakpoint
-- The profile's chart of rides by type shows every type: the two outside its grid of eight (flat_ride
-- is 4, show 5 in migration 0001) are counted by migration 0018's functions, redefined with them.
CREATE OR REPLACE FUNCTION "member_figures_add"("member" text, "d_parks" int, "d_rides" int, "d_type" int, "d_rating_sum" int,
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
      flat_ride_count = s.flat_ride_count + d_rides * (t = 4)::int,
      show_count = s.show_count + d_rides * (t = 5)::int,
      helpful_votes_received = s.helpful_votes_received + d_helpful,
      hidden_reviews = s.hidden_reviews + d_hidden,
      review_photos = s.review_photos + d_photos,
      updated_at = now()
    WHERE s.user_id = member;
    EXIT WHEN FOUND OR NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = member);
    INSERT INTO user_rating_stats (user_id) VALUES (member) ON CONFLICT (user_id) DO NOTHING;
  END LOOP;
END $$;--> statement-breakpoint
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
END $$;--> statement-breakpoint
UPDATE user_rating_stats s SET flat_ride_count = f.t4, show_count = f.t5
FROM (
  SELECT r.user_id, count(*) FILTER (WHERE a.type_id = 4)::int AS t4, count(*) FILTER (WHERE a.type_id = 5)::int AS t5
  FROM attraction_ratings r JOIN attractions a ON a.id = r.attraction_id
  GROUP BY r.user_id
) f
WHERE s.user_id = f.user_id;
