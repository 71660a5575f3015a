-- The influence multiplier of a number of rated parks (docs/rules/profiles.md#influence):
-- INFLUENCE_LEVELS in app/domain/influence.ts, which tests/integration/member-figures.test.ts compares
-- with this.
CREATE OR REPLACE FUNCTION "influence_weight"("parks" int) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN parks >= 101 THEN 2 WHEN parks >= 51 THEN 1.75 WHEN parks >= 26 THEN 1.5
    WHEN parks >= 11 THEN 1.25 ELSE 1 END::numeric
$$;
