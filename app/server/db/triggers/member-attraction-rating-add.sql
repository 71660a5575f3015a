-- One ride rating in or out (sign 1 or -1) of its author's figures. A ride deleted in this
-- transaction is no longer found: its facts and type already left its raters' figures
-- (attractions_member_figures), only the rating's own figures are left to take out.
CREATE OR REPLACE FUNCTION "member_attraction_rating_add"("r" attraction_ratings, "sign" int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ride record;
BEGIN
  SELECT a.type_id, a.track_length, a.inversions, a.duration, a.height INTO ride FROM attractions a WHERE a.id = r.attraction_id;
  PERFORM member_figures_add(r.user_id, 0, sign, ride.type_id, sign * r.rating,
    sign * coalesce(ride.track_length, 0), sign * coalesce(ride.inversions, 0), sign * coalesce(ride.duration, 0),
    sign * coalesce(ride.height, 0), sign * r.helpful_count, sign * (r.hidden_at IS NOT NULL)::int, 0);
END $$;
