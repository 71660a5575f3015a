-- user_rating_stats.park_score_sum: the sum of each member's park rating scores (best reviewers'
-- average, docs/rules/duels-and-rankings.md#best-reviewers, decision 0020), moved on every insert,
-- delete and score change of a park rating.
CREATE OR REPLACE FUNCTION "park_ratings_score_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM user_rating_stats_add_score(OLD.user_id, -park_rating_score(OLD)); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM user_rating_stats_add_score(NEW.user_id, park_rating_score(NEW)); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "park_ratings_score_counted" AFTER INSERT OR DELETE OR UPDATE OF "kids_friendly_rating", "family_friendly_rating",
  "thrill_rating", "theming_rating", "operations_rating", "value_rating", "user_id" ON "park_ratings"
  FOR EACH ROW EXECUTE FUNCTION park_ratings_score_count();
