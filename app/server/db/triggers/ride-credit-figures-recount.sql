-- A member's credit figures counted whole under the given rules (decision 0075): their rows of ride_credit_figures
-- written again from their tallies (type, park, country) and entries (years), answering the total for
-- profiles.ride_credits. Run when what the differences cannot follow changes: the member's rules
-- (ride_log_credits_rules), a ride's type, status, publication or line (ride_credits_ride_changed), a ride deleted
-- under the member's tallies (ride_log_credits_recount).
CREATE OR REPLACE FUNCTION "ride_credit_figures_recount"(member text, coasters_only boolean, count_removed boolean) RETURNS integer
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ride_credit_figures WHERE user_id = member;
  INSERT INTO ride_credit_figures (user_id, dimension, key, credits)
  SELECT member, k.dimension, k.key, count(DISTINCT k.credit_id)
  FROM ride_log_tallies t
  CROSS JOIN LATERAL ride_credit_keys(t.attraction_id, coasters_only, count_removed) k
  WHERE t.user_id = member AND k.dimension <> 'all'
  GROUP BY k.dimension, k.key;
  INSERT INTO ride_credit_figures (user_id, dimension, key, credits, rides)
  SELECT member, 'year', extract(year FROM e.ridden_on)::integer::text, count(DISTINCT k.credit_id), sum(e.times)
  FROM ride_log_entries e
  CROSS JOIN LATERAL ride_credit_keys(e.attraction_id, coasters_only, count_removed) k
  WHERE e.user_id = member AND e.ridden_on IS NOT NULL AND k.dimension = 'all'
  GROUP BY extract(year FROM e.ridden_on);
  RETURN ride_log_credits(member, coasters_only, count_removed);
END $$;
