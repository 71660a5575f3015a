-- Moves one member's ratings of one month (user_rating_months, decision 0035). A month is the UTC
-- calendar month of the rating's creation; a month whose counts fall to zero loses its row, so the
-- table holds what recomputeAggregates builds.
CREATE OR REPLACE FUNCTION "member_month_add"("member" text, "created" timestamptz, "d_parks" int, "d_rides" int)
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
END $$;
