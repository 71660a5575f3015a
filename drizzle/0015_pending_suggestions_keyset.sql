DROP INDEX "attraction_suggestions_status_created_idx";--> statement-breakpoint
DROP INDEX "park_suggestions_status_created_idx";--> statement-breakpoint
CREATE INDEX "attraction_suggestions_pending_created_idx" ON "attraction_suggestions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "park_suggestions_pending_created_idx" ON "park_suggestions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'pending';