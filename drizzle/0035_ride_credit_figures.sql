CREATE TABLE "ride_credit_figures" (
	"user_id" text NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"credits" integer NOT NULL,
	"rides" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ride_credit_figures_user_id_dimension_key_pk" PRIMARY KEY("user_id","dimension","key")
);
--> statement-breakpoint
ALTER TABLE "ride_credit_figures" ADD CONSTRAINT "ride_credit_figures_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_log_entries_user_day_idx" ON "ride_log_entries" USING btree ("user_id","ridden_on");--> statement-breakpoint
CREATE INDEX "ride_log_tallies_first_idx" ON "ride_log_tallies" USING btree ("user_id","first_on");--> statement-breakpoint
CREATE INDEX "ride_log_tallies_latest_idx" ON "ride_log_tallies" USING btree ("user_id","last_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ride_log_tallies_times_idx" ON "ride_log_tallies" USING btree ("user_id","times" DESC NULLS LAST);