CREATE TABLE "ride_typical_waits" (
	"attraction_id" uuid NOT NULL,
	"day_type" text NOT NULL,
	"hour" smallint NOT NULL,
	"reports" integer NOT NULL,
	"minutes_sum" integer NOT NULL,
	CONSTRAINT "ride_typical_waits_attraction_id_day_type_hour_pk" PRIMARY KEY("attraction_id","day_type","hour"),
	CONSTRAINT "ride_typical_waits_hour" CHECK ("ride_typical_waits"."hour" BETWEEN 0 AND 23),
	CONSTRAINT "ride_typical_waits_counts" CHECK ("ride_typical_waits"."reports" >= 0 AND "ride_typical_waits"."minutes_sum" >= 0),
	CONSTRAINT "ride_typical_waits_day_type" CHECK (day_type IN ('weekday', 'weekend'))
);
--> statement-breakpoint
CREATE TABLE "ride_wait_reports" (
	"user_id" text NOT NULL,
	"attraction_id" uuid NOT NULL,
	"wait_minutes" smallint NOT NULL,
	"happened_at" timestamp with time zone NOT NULL,
	"utc_offset" smallint NOT NULL,
	"local_hour" timestamp GENERATED ALWAYS AS (date_trunc('hour', (happened_at AT TIME ZONE 'UTC') + make_interval(mins => utc_offset))) STORED,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_wait_reports_user_id_attraction_id_local_hour_pk" PRIMARY KEY("user_id","attraction_id","local_hour"),
	CONSTRAINT "ride_wait_reports_minutes" CHECK (wait_minutes BETWEEN 0 AND 300),
	CONSTRAINT "ride_wait_reports_utc_offset" CHECK (utc_offset BETWEEN -720 AND 840)
);
--> statement-breakpoint
ALTER TABLE "ride_typical_waits" ADD CONSTRAINT "ride_typical_waits_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_wait_reports" ADD CONSTRAINT "ride_wait_reports_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_wait_reports" ADD CONSTRAINT "ride_wait_reports_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_wait_reports_attraction_idx" ON "ride_wait_reports" USING btree ("attraction_id");