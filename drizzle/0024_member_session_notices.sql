-- Written by npm run db:triggers (decision 0050) from the sources of these functions and their triggers:
--   app/server/db/triggers/member-sessions-changed.sql
-- Those files hold the live definitions; a later change to them gets a migration of its own.
-- A member's sessions or what the session lookup reads of them changed: a session ended (sign-out, revocation,
-- suspension, password reset, the account deleted: the sessions cascade), the e-mail, its confirmation or two-factor
-- (the administrator's standing), the password, the username, a suspension. Every server process hears
-- `member:<user id>` on the live channel and drops what it keeps of that member's sessions
-- (app/server/auth/session-cache.ts, decision 0058). Sent on commit only, once per member and transaction
-- (PostgreSQL folds identical notices of one transaction).
CREATE OR REPLACE FUNCTION "member_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('parcours_live', 'member:' || OLD."user_id");
  ELSIF TG_TABLE_NAME = 'account' THEN
    PERFORM pg_notify('parcours_live', 'member:' || NEW."user_id");
  ELSE
    PERFORM pg_notify('parcours_live', 'member:' || NEW."id");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "session_ended_notice" AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION "member_sessions_changed"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "user_standing_notice" AFTER UPDATE OF "email", "email_verified", "two_factor_enabled" ON "user"
  FOR EACH ROW
  WHEN (OLD."email" IS DISTINCT FROM NEW."email" OR OLD."email_verified" IS DISTINCT FROM NEW."email_verified"
    OR OLD."two_factor_enabled" IS DISTINCT FROM NEW."two_factor_enabled")
  EXECUTE FUNCTION "member_sessions_changed"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "account_password_notice" AFTER UPDATE OF "password" ON "account"
  FOR EACH ROW WHEN (OLD."password" IS DISTINCT FROM NEW."password")
  EXECUTE FUNCTION "member_sessions_changed"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "profile_standing_notice" AFTER UPDATE OF "username", "is_suspended" ON "profiles"
  FOR EACH ROW WHEN (OLD."username" IS DISTINCT FROM NEW."username" OR OLD."is_suspended" IS DISTINCT FROM NEW."is_suspended")
  EXECUTE FUNCTION "member_sessions_changed"();
