ALTER TABLE "visit_plans" ALTER COLUMN "name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "visit_plans" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (decision 0022): "" is the default name, which each language words itself; rows that
-- stored the French default before are given the same meaning.
UPDATE "visit_plans" SET "name" = '' WHERE "name" = 'Mon plan de visite';
