-- What one ride counts for under a member's counting rules (docs/rules/ride-log.md#credits, decisions 0074 and 0075):
-- nothing when it does not count; else its credit (its line's first ride's id, so that a relocated ride and the one
-- it continues are one credit) under each of the keys the figures keep: 'all' (the total), its type, its park, its
-- park's country. A published ride only; a coaster only when the member counts coasters only; a credit whose every
-- ride is removed left out when the member leaves removed rides out. The one source of these conditions: the total
-- (ride_log_credits), the figures' triggers and their recount all read it.
CREATE OR REPLACE FUNCTION "ride_credit_keys"(ride uuid, coasters_only boolean, count_removed boolean)
  RETURNS TABLE (credit_id uuid, dimension text, key text) LANGUAGE sql STABLE AS $$
  SELECT coalesce(a.continues_id, a.id), k.dimension, k.key
  FROM attractions a
  JOIN parks p ON p.id = a.park_id
  CROSS JOIN LATERAL (VALUES ('all', ''), ('type', a.type_id::text), ('park', p.id::text), ('country', p.country)) AS k (dimension, key)
  WHERE a.id = ride
    AND a.moderation_status = 'approved'
    AND (NOT coasters_only OR a.type_id = 1)
    AND (count_removed OR EXISTS (
      SELECT 1 FROM attractions line
      WHERE (line.id = coalesce(a.continues_id, a.id) OR line.continues_id = coalesce(a.continues_id, a.id))
        AND line.status = 'operating' AND line.moderation_status = 'approved'
    ))
$$;
