CREATE TABLE "attraction_slug_redirects" (
	"park_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"attraction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attraction_slug_redirects_park_id_slug_pk" PRIMARY KEY("park_id","slug")
);
--> statement-breakpoint
CREATE TABLE "park_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "attraction_suggestions_suggested_by_idx";--> statement-breakpoint
DROP INDEX "park_suggestions_suggested_by_idx";--> statement-breakpoint
ALTER TABLE "attraction_suggestions" ADD COLUMN "original_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "park_suggestions" ADD COLUMN "original_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "attraction_slug_redirects" ADD CONSTRAINT "attraction_slug_redirects_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_slug_redirects" ADD CONSTRAINT "attraction_slug_redirects_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "park_slug_redirects" ADD CONSTRAINT "park_slug_redirects_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attraction_slug_redirects_attraction_idx" ON "attraction_slug_redirects" USING btree ("attraction_id");--> statement-breakpoint
CREATE INDEX "park_slug_redirects_park_idx" ON "park_slug_redirects" USING btree ("park_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attraction_suggestions_one_pending_idx" ON "attraction_suggestions" USING btree ("suggested_by","attraction_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "park_suggestions_one_pending_idx" ON "park_suggestions" USING btree ("suggested_by","park_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "attraction_suggestions_suggested_by_idx" ON "attraction_suggestions" USING btree ("suggested_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "park_suggestions_suggested_by_idx" ON "park_suggestions" USING btree ("suggested_by","created_at" DESC NULLS LAST);