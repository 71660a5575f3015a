CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "member_ride_suggestions" (
	"user_id" text NOT NULL,
	"attraction_id" uuid NOT NULL,
	"score" double precision NOT NULL,
	"supporters" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "member_ride_suggestions_user_id_attraction_id_pk" PRIMARY KEY("user_id","attraction_id")
);
--> statement-breakpoint
CREATE TABLE "member_taste_neighbours" (
	"user_id" text NOT NULL,
	"neighbour_id" text NOT NULL,
	"similarity" double precision NOT NULL,
	"overlap" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "member_taste_neighbours_user_id_neighbour_id_pk" PRIMARY KEY("user_id","neighbour_id")
);
--> statement-breakpoint
CREATE TABLE "ride_standing_snapshots" (
	"month" date NOT NULL,
	"ranking" text NOT NULL,
	"scope_type_id" smallint NOT NULL,
	"attraction_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"rank_low" integer NOT NULL,
	"rank_high" integer NOT NULL,
	"ranked_count" integer NOT NULL,
	CONSTRAINT "ride_standing_snapshots_attraction_id_ranking_scope_type_id_month_pk" PRIMARY KEY("attraction_id","ranking","scope_type_id","month"),
	CONSTRAINT "ride_standing_snapshots_ranking" CHECK (ranking IN ('ratings', 'duels'))
);
--> statement-breakpoint
CREATE TABLE "ride_standings" (
	"ranking" text NOT NULL,
	"scope_type_id" smallint NOT NULL,
	"attraction_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"rank_low" integer NOT NULL,
	"rank_high" integer NOT NULL,
	"score" double precision NOT NULL,
	"score_low" double precision NOT NULL,
	"score_high" double precision NOT NULL,
	"ranked_count" integer NOT NULL,
	CONSTRAINT "ride_standings_attraction_id_ranking_scope_type_id_pk" PRIMARY KEY("attraction_id","ranking","scope_type_id"),
	CONSTRAINT "ride_standings_ranks" CHECK (1 <= "ride_standings"."rank_low" AND "ride_standings"."rank_low" <= "ride_standings"."rank" AND "ride_standings"."rank" <= "ride_standings"."rank_high"),
	CONSTRAINT "ride_standings_ranking" CHECK (ranking IN ('ratings', 'duels'))
);
--> statement-breakpoint
ALTER TABLE "member_ride_suggestions" ADD CONSTRAINT "member_ride_suggestions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_ride_suggestions" ADD CONSTRAINT "member_ride_suggestions_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_taste_neighbours" ADD CONSTRAINT "member_taste_neighbours_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_taste_neighbours" ADD CONSTRAINT "member_taste_neighbours_neighbour_id_profiles_id_fk" FOREIGN KEY ("neighbour_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_standing_snapshots" ADD CONSTRAINT "ride_standing_snapshots_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_standings" ADD CONSTRAINT "ride_standings_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_ride_suggestions_position_idx" ON "member_ride_suggestions" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "member_ride_suggestions_attraction_idx" ON "member_ride_suggestions" USING btree ("attraction_id");--> statement-breakpoint
CREATE INDEX "member_taste_neighbours_position_idx" ON "member_taste_neighbours" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "member_taste_neighbours_neighbour_idx" ON "member_taste_neighbours" USING btree ("neighbour_id");--> statement-breakpoint
CREATE INDEX "ride_standing_snapshots_month_idx" ON "ride_standing_snapshots" USING btree ("month");--> statement-breakpoint
CREATE INDEX "ride_standings_rank_idx" ON "ride_standings" USING btree ("ranking","scope_type_id","rank");