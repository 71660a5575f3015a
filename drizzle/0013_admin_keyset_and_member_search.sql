DROP INDEX "attraction_ratings_created_idx";--> statement-breakpoint
DROP INDEX "park_ratings_created_idx";--> statement-breakpoint
DROP INDEX "profiles_created_at_idx";--> statement-breakpoint
CREATE INDEX "attraction_ratings_created_id_idx" ON "attraction_ratings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "park_ratings_created_id_idx" ON "park_ratings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_created_id_idx" ON "profiles" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_username_trgm_idx" ON "profiles" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin (lower("email") gin_trgm_ops);