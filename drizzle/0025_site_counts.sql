CREATE TABLE "site_counts" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_counts_one_row" CHECK ("site_counts"."id"),
	CONSTRAINT "site_counts_members" CHECK ("site_counts"."members" >= 0)
);
