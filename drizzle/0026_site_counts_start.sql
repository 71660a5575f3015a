-- The one row of site_counts (decision 0059), with the accounts already there: the trigger that keeps it
-- (members_count, app/server/db/triggers/members-count.sql) moves it from this figure on.
INSERT INTO "site_counts" ("id", "members") SELECT true, count(*)::int FROM "user";
