-- attractions.duel_wins and duel_losses (docs/rules/duels-and-rankings.md#duel-ranking, decision 0020):
-- every member's duels of the ride, kept by a row trigger so that every write that adds or removes duels
-- (a duel, a reset, a ride's or a member's deletion and its cascades) keeps them true in its own
-- transaction. Row-level, because PostgreSQL shows a statement-level trigger the rows of cascaded
-- deletes more than once.
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
    UPDATE attractions SET
      duel_wins = duel_wins + (id = NEW.winner_id)::int,
      duel_losses = duel_losses + (id = NEW.loser_id)::int
    WHERE id IN (NEW.winner_id, NEW.loser_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "attraction_duels_counted" AFTER INSERT OR UPDATE OR DELETE ON "attraction_duels"
  FOR EACH ROW EXECUTE FUNCTION attraction_duels_count();
