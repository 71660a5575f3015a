CREATE TABLE "ride_log_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"attraction_id" uuid NOT NULL,
	"ridden_on" date,
	"times" smallint DEFAULT 1 NOT NULL,
	"note" text,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_log_entries_times" CHECK (times BETWEEN 1 AND 99),
	CONSTRAINT "ride_log_entries_note" CHECK (note IS NULL OR (length(btrim(note)) > 0 AND char_length(note) <= 280))
);
--> statement-breakpoint
CREATE TABLE "ride_log_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"entry_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ride_log_tallies" (
	"user_id" text NOT NULL,
	"attraction_id" uuid NOT NULL,
	"times" integer NOT NULL,
	"entries" integer NOT NULL,
	"first_on" date,
	"last_on" date,
	CONSTRAINT "ride_log_tallies_user_id_attraction_id_pk" PRIMARY KEY("user_id","attraction_id"),
	CONSTRAINT "ride_log_tallies_counts" CHECK ("ride_log_tallies"."times" >= 1 AND "ride_log_tallies"."entries" >= 1)
);
--> statement-breakpoint
CREATE TABLE "ride_wishes" (
	"user_id" text NOT NULL,
	"attraction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_wishes_user_id_attraction_id_pk" PRIMARY KEY("user_id","attraction_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "ride_log_visibility" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "credits_coasters_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "credits_count_removed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "ride_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attractions" ADD COLUMN "continues_id" uuid;--> statement-breakpoint
ALTER TABLE "ride_log_entries" ADD CONSTRAINT "ride_log_entries_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_log_entries" ADD CONSTRAINT "ride_log_entries_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_log_entries" ADD CONSTRAINT "ride_log_entries_import_id_ride_log_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."ride_log_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_log_imports" ADD CONSTRAINT "ride_log_imports_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_log_tallies" ADD CONSTRAINT "ride_log_tallies_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_log_tallies" ADD CONSTRAINT "ride_log_tallies_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_wishes" ADD CONSTRAINT "ride_wishes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_wishes" ADD CONSTRAINT "ride_wishes_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_log_entries_user_ride_idx" ON "ride_log_entries" USING btree ("user_id","attraction_id","ridden_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ride_log_entries_attraction_idx" ON "ride_log_entries" USING btree ("attraction_id");--> statement-breakpoint
CREATE INDEX "ride_log_entries_import_idx" ON "ride_log_entries" USING btree ("import_id") WHERE import_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ride_log_imports_user_idx" ON "ride_log_imports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ride_log_tallies_attraction_idx" ON "ride_log_tallies" USING btree ("attraction_id");--> statement-breakpoint
CREATE INDEX "ride_wishes_attraction_idx" ON "ride_wishes" USING btree ("attraction_id");--> statement-breakpoint
ALTER TABLE "attractions" ADD CONSTRAINT "attractions_continues_id_attractions_id_fk" FOREIGN KEY ("continues_id") REFERENCES "public"."attractions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_top_riders_idx" ON "profiles" USING btree ("ride_credits" DESC NULLS LAST,"id") WHERE ride_log_visibility <> 'private' AND ride_credits > 0;--> statement-breakpoint
CREATE INDEX "attractions_continues_idx" ON "attractions" USING btree ("continues_id") WHERE continues_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_ride_log_visibility" CHECK (ride_log_visibility IN ('private', 'credits', 'log'));--> statement-breakpoint
ALTER TABLE "attractions" ADD CONSTRAINT "attractions_continues_other" CHECK ("attractions"."continues_id" IS NULL OR "attractions"."continues_id" <> "attractions"."id");