-- Moves one member's contributor_stats (docs/rules/duels-and-rankings.md#best-contributors, decision
-- 0020) by delta in the column that (target, change) names; 'suggestion' counts every suggestion made,
-- whatever its target.
CREATE OR REPLACE FUNCTION "contributor_stats_add"("member" text, "target" text, "change" text, "delta" int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pc int := CASE WHEN target = 'park' AND change = 'create' THEN delta ELSE 0 END;
  pu int := CASE WHEN target = 'park' AND change = 'update' THEN delta ELSE 0 END;
  ac int := CASE WHEN target = 'attraction' AND change = 'create' THEN delta ELSE 0 END;
  au int := CASE WHEN target = 'attraction' AND change = 'update' THEN delta ELSE 0 END;
  sg int := CASE WHEN change = 'suggestion' THEN delta ELSE 0 END;
BEGIN
  IF delta < 0 THEN
    -- An upsert would check its negative proposed row before finding the existing one.
    UPDATE contributor_stats SET parks_created = parks_created + pc, parks_updated = parks_updated + pu,
      attractions_created = attractions_created + ac, attractions_updated = attractions_updated + au,
      suggestions_count = suggestions_count + sg
    WHERE user_id = member;
  ELSIF EXISTS (SELECT 1 FROM profiles p WHERE p.id = member) THEN
    INSERT INTO contributor_stats AS s (user_id, parks_created, parks_updated, attractions_created, attractions_updated, suggestions_count)
    VALUES (member, pc, pu, ac, au, sg)
    ON CONFLICT (user_id) DO UPDATE SET
      parks_created = s.parks_created + excluded.parks_created,
      parks_updated = s.parks_updated + excluded.parks_updated,
      attractions_created = s.attractions_created + excluded.attractions_created,
      attractions_updated = s.attractions_updated + excluded.attractions_updated,
      suggestions_count = s.suggestions_count + excluded.suggestions_count;
  END IF;
END $$;
