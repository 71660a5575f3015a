CREATE TABLE "contributor_stats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"parks_created" integer DEFAULT 0 NOT NULL,
	"parks_updated" integer DEFAULT 0 NOT NULL,
	"attractions_created" integer DEFAULT 0 NOT NULL,
	"attractions_updated" integer DEFAULT 0 NOT NULL,
	"suggestions_count" integer DEFAULT 0 NOT NULL,
	"total_contributions" integer GENERATED ALWAYS AS (parks_created + parks_updated + attractions_created + attractions_updated) STORED,
	CONSTRAINT "contributor_stats_counts" CHECK ("contributor_stats"."parks_created" >= 0 AND "contributor_stats"."parks_updated" >= 0 AND "contributor_stats"."attractions_created" >= 0
        AND "contributor_stats"."attractions_updated" >= 0 AND "contributor_stats"."suggestions_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attractions" ADD COLUMN "bayes_score" double precision GENERATED ALWAYS AS ((35 + rating_sum)::double precision / (10 + rating_count)) STORED;--> statement-breakpoint
ALTER TABLE "attractions" ADD COLUMN "duel_wins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attractions" ADD COLUMN "duel_losses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attractions" ADD COLUMN "duel_score" double precision GENERATED ALWAYS AS (CASE WHEN duel_wins + duel_losses = 0 THEN 0 ELSE (duel_wins / (duel_wins + duel_losses)::double precision + (1.96 * 1.96) / (2 * (duel_wins + duel_losses)::double precision) - 1.96 * sqrt((duel_wins / (duel_wins + duel_losses)::double precision * (duel_losses / (duel_wins + duel_losses)::double precision) + (1.96 * 1.96) / (4 * (duel_wins + duel_losses)::double precision)) / (duel_wins + duel_losses)::double precision)) / (1 + (1.96 * 1.96) / (duel_wins + duel_losses)::double precision) END) STORED;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD COLUMN "park_score_sum" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contributor_stats" ADD CONSTRAINT "contributor_stats_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contributor_stats_rank_idx" ON "contributor_stats" USING btree ("total_contributions" DESC NULLS LAST,"suggestions_count" DESC NULLS LAST,"user_id") WHERE parks_created + parks_updated + attractions_created + attractions_updated + suggestions_count > 0;--> statement-breakpoint
CREATE INDEX "attractions_bayes_rank_idx" ON "attractions" USING btree ("bayes_score" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"id") WHERE moderation_status = 'approved' AND status = 'operating' AND rating_count > 0;--> statement-breakpoint
CREATE INDEX "attractions_type_bayes_rank_idx" ON "attractions" USING btree ("type_id","bayes_score" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"id") WHERE moderation_status = 'approved' AND status = 'operating' AND rating_count > 0;--> statement-breakpoint
CREATE INDEX "attractions_duel_rank_idx" ON "attractions" USING btree ("duel_score" DESC NULLS LAST,(duel_wins + duel_losses) DESC,"id") WHERE moderation_status = 'approved' AND duel_wins + duel_losses > 0;--> statement-breakpoint
CREATE INDEX "attractions_type_duel_rank_idx" ON "attractions" USING btree ("type_id","duel_score" DESC NULLS LAST,(duel_wins + duel_losses) DESC,"id") WHERE moderation_status = 'approved' AND duel_wins + duel_losses > 0;--> statement-breakpoint
CREATE INDEX "user_rating_stats_reviewers_idx" ON "user_rating_stats" USING btree ("total_park_ratings" DESC NULLS LAST,"user_id") WHERE total_park_ratings > 0;--> statement-breakpoint
ALTER TABLE "attractions" ADD CONSTRAINT "attractions_duel_counts" CHECK ("attractions"."duel_wins" >= 0 AND "attractions"."duel_losses" >= 0);--> statement-breakpoint
-- Hand-written (decision 0020): the rankings' aggregates are kept by row-level triggers, so that every
-- write that adds or removes their rows (a duel, a reset, a ride's or a member's deletion and its
-- cascades, an approval) keeps them true in its own transaction. Row-level, because PostgreSQL
-- shows a statement-level trigger the rows of cascaded deletes more than once.
CREATE FUNCTION "attraction_duels_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- Both rows locked in id order: two members' duels on the same pair cannot deadlock. NO KEY
    -- UPDATE, as the UPDATE below takes: it lets other members' rankings (foreign keys to these
    -- rides, checked with KEY SHARE locks) be written meanwhile instead of waiting in a cycle.
    PERFORM 1 FROM attractions WHERE id IN (OLD.winner_id, OLD.loser_id) ORDER BY id FOR NO KEY UPDATE;
    UPDATE attractions SET
      duel_wins = duel_wins - (id = OLD.winner_id)::int,
      duel_losses = duel_losses - (id = OLD.loser_id)::int
    WHERE id IN (OLD.winner_id, OLD.loser_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM 1 FROM attractions WHERE id IN (NEW.winner_id, NEW.loser_id) ORDER BY id FOR NO KEY UPDATE;
    UPDATE attractions SET
      duel_wins = duel_wins + (id = NEW.winner_id)::int,
      duel_losses = duel_losses + (id = NEW.loser_id)::int
    WHERE id IN (NEW.winner_id, NEW.loser_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "attraction_duels_counted" AFTER INSERT OR UPDATE OR DELETE ON "attraction_duels"
  FOR EACH ROW EXECUTE FUNCTION attraction_duels_count();--> statement-breakpoint

-- Best reviewers' average: the sum of each member's park rating scores (the mean of the
-- sub-ratings a rating gives, as parkRatingScore in app/server/ratings/park-rating-score.ts).
CREATE FUNCTION "park_rating_score"("r" park_ratings) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT (coalesce(r.kids_friendly_rating, 0) + coalesce(r.family_friendly_rating, 0) + coalesce(r.thrill_rating, 0)
    + coalesce(r.theming_rating, 0) + coalesce(r.operations_rating, 0) + coalesce(r.value_rating, 0))::numeric
    / num_nonnulls(r.kids_friendly_rating, r.family_friendly_rating, r.thrill_rating, r.theming_rating,
      r.operations_rating, r.value_rating)
$$;--> statement-breakpoint
CREATE FUNCTION "user_rating_stats_add_score"("member" text, "score" numeric) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF score < 0 THEN
    UPDATE user_rating_stats SET park_score_sum = park_score_sum + score WHERE user_id = member;
  -- A member deleted in this transaction (cascade) has no profile left: nothing to keep.
  ELSIF EXISTS (SELECT 1 FROM profiles p WHERE p.id = member) THEN
    INSERT INTO user_rating_stats AS s (user_id, park_score_sum) VALUES (member, score)
    ON CONFLICT (user_id) DO UPDATE SET park_score_sum = s.park_score_sum + excluded.park_score_sum;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "park_ratings_score_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM user_rating_stats_add_score(OLD.user_id, -park_rating_score(OLD)); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM user_rating_stats_add_score(NEW.user_id, park_rating_score(NEW)); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "park_ratings_score_counted" AFTER INSERT OR DELETE OR UPDATE OF "kids_friendly_rating", "family_friendly_rating",
  "thrill_rating", "theming_rating", "operations_rating", "value_rating", "user_id" ON "park_ratings"
  FOR EACH ROW EXECUTE FUNCTION park_ratings_score_count();--> statement-breakpoint

-- Best contributors: approved additions and edits (content_modifications) and every suggestion made.
CREATE FUNCTION "contributor_stats_add"("member" text, "target" text, "change" text, "delta" int) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE FUNCTION "content_modifications_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.status = 'approved' THEN
    PERFORM contributor_stats_add(OLD.user_id, OLD.target_type::text, OLD.action::text, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'approved' THEN
    PERFORM contributor_stats_add(NEW.user_id, NEW.target_type::text, NEW.action::text, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "content_modifications_counted" AFTER INSERT OR UPDATE OR DELETE ON "content_modifications"
  FOR EACH ROW EXECUTE FUNCTION content_modifications_count();--> statement-breakpoint
CREATE FUNCTION "suggestions_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM contributor_stats_add(NEW.suggested_by, NULL, 'suggestion', 1);
  ELSE PERFORM contributor_stats_add(OLD.suggested_by, NULL, 'suggestion', -1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "park_suggestions_counted" AFTER INSERT OR DELETE ON "park_suggestions"
  FOR EACH ROW EXECUTE FUNCTION suggestions_count();--> statement-breakpoint
CREATE TRIGGER "attraction_suggestions_counted" AFTER INSERT OR DELETE ON "attraction_suggestions"
  FOR EACH ROW EXECUTE FUNCTION suggestions_count();--> statement-breakpoint

-- What the triggers would have counted for the rows already there.
UPDATE attractions a SET duel_wins = d.wins, duel_losses = d.losses
FROM (SELECT id, sum(w)::int AS wins, sum(l)::int AS losses FROM (
  SELECT winner_id AS id, 1 AS w, 0 AS l FROM attraction_duels
  UNION ALL SELECT loser_id, 0, 1 FROM attraction_duels) x GROUP BY id) d
WHERE a.id = d.id;--> statement-breakpoint
UPDATE user_rating_stats s SET park_score_sum = d.score
FROM (SELECT r.user_id, sum(park_rating_score(r)) AS score FROM park_ratings r GROUP BY r.user_id) d
WHERE s.user_id = d.user_id;--> statement-breakpoint
INSERT INTO contributor_stats (user_id, parks_created, parks_updated, attractions_created, attractions_updated, suggestions_count)
SELECT p.id,
  (SELECT count(*) FROM content_modifications c WHERE c.user_id = p.id AND c.status = 'approved' AND c.target_type = 'park' AND c.action = 'create')::int,
  (SELECT count(*) FROM content_modifications c WHERE c.user_id = p.id AND c.status = 'approved' AND c.target_type = 'park' AND c.action = 'update')::int,
  (SELECT count(*) FROM content_modifications c WHERE c.user_id = p.id AND c.status = 'approved' AND c.target_type = 'attraction' AND c.action = 'create')::int,
  (SELECT count(*) FROM content_modifications c WHERE c.user_id = p.id AND c.status = 'approved' AND c.target_type = 'attraction' AND c.action = 'update')::int,
  ((SELECT count(*) FROM park_suggestions s WHERE s.suggested_by = p.id) + (SELECT count(*) FROM attraction_suggestions s WHERE s.suggested_by = p.id))::int
FROM profiles p
WHERE EXISTS (SELECT 1 FROM content_modifications c WHERE c.user_id = p.id)
  OR EXISTS (SELECT 1 FROM park_suggestions s WHERE s.suggested_by = p.id)
  OR EXISTS (SELECT 1 FROM attraction_suggestions s WHERE s.suggested_by = p.id);
