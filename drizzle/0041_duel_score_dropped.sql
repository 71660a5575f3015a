DROP INDEX "attractions_duel_rank_idx";--> statement-breakpoint
DROP INDEX "attractions_type_duel_rank_idx";--> statement-breakpoint
DROP INDEX "attractions_manufacturer_duel_rank_idx";--> statement-breakpoint
ALTER TABLE "attractions" DROP COLUMN "duel_score";