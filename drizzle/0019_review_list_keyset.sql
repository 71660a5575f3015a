DROP INDEX "attraction_ratings_attraction_created_idx";--> statement-breakpoint
DROP INDEX "park_ratings_park_order_idx";--> statement-breakpoint
CREATE INDEX "attraction_ratings_attraction_page_idx" ON "attraction_ratings" USING btree ("attraction_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "park_ratings_park_page_idx" ON "park_ratings" USING btree ("park_id","helpful_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);