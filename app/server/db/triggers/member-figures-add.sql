-- Moves one member's figures in user_rating_stats (docs/rules/profiles.md#cumulative-statistics,
-- decision 0031) by the deltas given: rating counts and the influence weight, the rides' facts summed
-- over their rated rides, counts by ride type (all ten types: the profile's grid shows eight, its chart
-- every one, decision 0035), helpful votes received, hidden reviews and review photos. Ride types by id
-- (the reference data of migration 0001): 1 roller_coaster, 2 dark_ride, 3 water_ride, 4 flat_ride, 5
-- show, 6 kids_ride, 7 virtual_reality, 8 interactive_ride, 9 transport, 10 walk_through.
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
END $$;
