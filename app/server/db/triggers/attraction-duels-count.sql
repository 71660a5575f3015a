-- attractions.duel_wins and duel_losses (docs/rules/duels-and-rankings.md#duel-ranking, decision 0020):
-- every member's duels of the ride, kept by a row trigger so that every write that adds or removes duels
-- (a duel, a reset, a ride's or a member's deletion and its cascades) keeps them true in its own
-- transaction. Row-level, because PostgreSQL shows a statement-level trigger the rows of cascaded
-- deletes more than once.
-- A new duel also moves both rides' Bradley–Terry strengths by one Newton step of the new result alone
-- (decision 0077): with p the winner's chance before the duel, the winner gains (1 − p) / (1/sd² + p(1 − p)),
-- the loser loses as much over its own deviation, and each deviation shrinks to 1 / √(1/sd² + p(1 − p)). So the
-- ranking follows each duel at once; the rankings job's next fit of the whole type replaces these steps, and
-- takes a removed duel back out.
CREATE OR REPLACE FUNCTION "attraction_duels_count"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    UPDATE attractions a SET
      duel_wins = a.duel_wins + (a.id = NEW.winner_id)::int,
      duel_losses = a.duel_losses + (a.id = NEW.loser_id)::int,
      duel_strength = a.duel_strength
        + CASE WHEN a.id = NEW.winner_id THEN 1 ELSE -1 END * (1 - before.p) / (1 / (a.duel_strength_sd ^ 2) + before.p * (1 - before.p)),
      duel_strength_sd = 1 / sqrt(1 / (a.duel_strength_sd ^ 2) + before.p * (1 - before.p))
    FROM (
      SELECT 1 / (1 + exp(loser.duel_strength - winner.duel_strength)) AS p
      FROM attractions winner, attractions loser WHERE winner.id = NEW.winner_id AND loser.id = NEW.loser_id
    ) AS before
    WHERE a.id IN (NEW.winner_id, NEW.loser_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "attraction_duels_counted" AFTER INSERT OR UPDATE OR DELETE ON "attraction_duels"
  FOR EACH ROW EXECUTE FUNCTION attraction_duels_count();
