CREATE TYPE "public"."admin_notification_kind" AS ENUM('new_park', 'new_attraction', 'new_report');--> statement-breakpoint
ALTER TYPE "public"."moderation_target" ADD VALUE 'settings';--> statement-breakpoint
CREATE TABLE "admin_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "admin_notification_kind" NOT NULL,
	"target_id" text NOT NULL,
	"summary" jsonb NOT NULL,
	"delivery" "digest_frequency" NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_notifications_unsent_due_idx" ON "admin_notifications" USING btree ("due_at") WHERE "admin_notifications"."sent_at" IS NULL;