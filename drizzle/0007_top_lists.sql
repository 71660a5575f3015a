CREATE TABLE "user_top_attractions" (
	"user_id" text NOT NULL,
	"attraction_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "user_top_attractions_user_id_attraction_id_pk" PRIMARY KEY("user_id","attraction_id"),
	CONSTRAINT "user_top_attractions_position" CHECK ("user_top_attractions"."position" BETWEEN 1 AND 10)
);
--> statement-breakpoint
CREATE TABLE "user_top_parks" (
	"user_id" text NOT NULL,
	"park_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "user_top_parks_user_id_park_id_pk" PRIMARY KEY("user_id","park_id"),
	CONSTRAINT "user_top_parks_position" CHECK ("user_top_parks"."position" BETWEEN 1 AND 10)
);
--> statement-breakpoint
ALTER TABLE "user_top_attractions" ADD CONSTRAINT "user_top_attractions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_top_attractions" ADD CONSTRAINT "user_top_attractions_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_top_parks" ADD CONSTRAINT "user_top_parks_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_top_parks" ADD CONSTRAINT "user_top_parks_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_top_attractions_attraction_idx" ON "user_top_attractions" USING btree ("attraction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_top_attractions_user_position_idx" ON "user_top_attractions" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "user_top_parks_park_idx" ON "user_top_parks" USING btree ("park_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_top_parks_user_position_idx" ON "user_top_parks" USING btree ("user_id","position");