-- site_counts.members: the accounts (each has its profile; the dashboard shows it), moved once per statement by
-- the number of rows its transition table holds, so the dashboard reads one row instead of counting every
-- profile (decision 0059), and a bulk load (a COPY of 200,000 accounts) is one update. The row stays locked
-- until the writer commits: two sign-ups at once wait on each other that long (ratings never touch it). A
-- statement that adds or removes no account leaves the row alone.
CREATE OR REPLACE FUNCTION "members_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO moved FROM added;
  ELSE
    SELECT -count(*) INTO moved FROM removed;
  END IF;
  IF moved <> 0 THEN
    UPDATE "site_counts" SET "members" = "members" + moved;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "user_members_added" AFTER INSERT ON "user" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION members_count();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "user_members_removed" AFTER DELETE ON "user" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION members_count();
