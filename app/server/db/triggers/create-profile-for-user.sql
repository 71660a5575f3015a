-- Every account gets its profile and its user_rating_stats row in the statement that creates it: an
-- account without a profile cannot exist, and a username taken meanwhile (two simultaneous sign-ups)
-- makes the account creation itself fail. The username is the account's name, which the application
-- sets to a valid, free username before inserting.
CREATE OR REPLACE FUNCTION "create_profile_for_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "profiles" ("id", "username", "created_at") VALUES (NEW."id", NEW."name", NEW."created_at");
  INSERT INTO "user_rating_stats" ("user_id") VALUES (NEW."id");
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "user_create_profile" AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION "create_profile_for_user"();
