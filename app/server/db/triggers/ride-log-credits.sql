-- A member's credits under the given counting rules (docs/rules/ride-log.md#credits, decision 0074): the distinct
-- credits of their tallies as ride_credit_keys counts them. Read over the member's own tallies, one row per ride they
-- have ridden: the cost does not grow with the catalogue. The triggers keep the total without it, by differences
-- (decision 0075); it counts it whole when the rules or a ride change.
CREATE OR REPLACE FUNCTION "ride_log_credits"(member text, coasters_only boolean, count_removed boolean) RETURNS integer
  LANGUAGE sql STABLE AS $$
  SELECT count(DISTINCT k.credit_id)::integer
  FROM ride_log_tallies t
  CROSS JOIN LATERAL ride_credit_keys(t.attraction_id, coasters_only, count_removed) k
  WHERE t.user_id = member AND k.dimension = 'all'
$$;
