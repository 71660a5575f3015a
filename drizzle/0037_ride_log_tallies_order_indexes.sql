DROP INDEX "ride_log_tallies_first_idx";--> statement-breakpoint
DROP INDEX "ride_log_tallies_latest_idx";--> statement-breakpoint
DROP INDEX "ride_log_tallies_times_idx";--> statement-breakpoint
CREATE INDEX "ride_log_tallies_first_idx" ON "ride_log_tallies" USING btree ("user_id","first_on","attraction_id");--> statement-breakpoint
CREATE INDEX "ride_log_tallies_latest_idx" ON "ride_log_tallies" USING btree ("user_id","last_on" DESC NULLS LAST,"attraction_id");--> statement-breakpoint
CREATE INDEX "ride_log_tallies_times_idx" ON "ride_log_tallies" USING btree ("user_id","times" DESC NULLS LAST,"attraction_id");