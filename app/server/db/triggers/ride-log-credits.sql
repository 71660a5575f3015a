-- A member's credits under the given counting rules (docs/rules/ride-log.md#credits, decision 0074): the distinct
-- rides of their tallies, a relocated ride and the one it continues being one credit (its line's first ride's id),
-- the published ones only; coasters only when asked; a credit whose every ride is removed left out when asked. Read
-- over the member's own tallies, one row per ride they have ridden: the cost does not grow with the catalogue.
CREATE OR REPLACE FUNCTION "ride_log_credits"(member text, coasters_only boolean, count_removed boolean) RETURNS integer
  LANGUAGE sql STABLE AS $$
  SELECT count(DISTINCT coalesce(a.continues_id, a.id))::integer
  FROM ride_log_tallies t
  JOIN attractions a ON a.id = t.attraction_id
  WHERE t.user_id = member
    AND a.moderation_status = 'approved'
    AND (NOT coasters_only OR a.type_id = 1)
    AND (count_removed OR EXISTS (
      SELECT 1 FROM attractions line
      WHERE (line.id = coalesce(a.continues_id, a.id) OR line.continues_id = coalesce(a.continues_id, a.id))
        AND line.status = 'operating' AND line.moderation_status = 'approved'
    ))
$$;
