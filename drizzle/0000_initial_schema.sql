CREATE TYPE "public"."attraction_status" AS ENUM('operating', 'removed');--> statement-breakpoint
CREATE TYPE "public"."audience_type" AS ENUM('thrill', 'kids', 'general');--> statement-breakpoint
CREATE TYPE "public"."content_action" AS ENUM('create', 'update');--> statement-breakpoint
CREATE TYPE "public"."content_target" AS ENUM('park', 'attraction');--> statement-breakpoint
CREATE TYPE "public"."digest_frequency" AS ENUM('realtime', 'daily', 'weekly');--> statement-breakpoint
CREATE TYPE "public"."moderation_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."moderation_target" AS ENUM('park', 'attraction', 'user', 'comment_report', 'rating', 'suggestion');--> statement-breakpoint
CREATE TYPE "public"."rating_kind" AS ENUM('park', 'attraction');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('pending', 'resolved', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."visit_duration" AS ENUM('half_day', 'full_day', 'two_days');--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"auto_moderation" boolean DEFAULT false NOT NULL,
	"require_approval" boolean DEFAULT true NOT NULL,
	"max_reports_before_hide" smallint DEFAULT 3 NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"notify_on_new_park" boolean DEFAULT true NOT NULL,
	"notify_on_new_attraction" boolean DEFAULT true NOT NULL,
	"notify_on_report" boolean DEFAULT true NOT NULL,
	"digest_frequency" "digest_frequency" DEFAULT 'daily' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_settings_singleton" CHECK ("admin_settings"."id" = 1),
	CONSTRAINT "admin_settings_max_reports" CHECK ("admin_settings"."max_reports_before_hide" BETWEEN 1 AND 10)
);
--> statement-breakpoint
CREATE TABLE "attraction_duels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type_id" smallint NOT NULL,
	"winner_id" uuid NOT NULL,
	"loser_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attraction_duels_distinct" CHECK ("attraction_duels"."winner_id" <> "attraction_duels"."loser_id")
);
--> statement-breakpoint
CREATE TABLE "attraction_rankings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type_id" smallint NOT NULL,
	"attraction_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attraction_rankings_counts" CHECK ("attraction_rankings"."rank" >= 1 AND "attraction_rankings"."wins" >= 0 AND "attraction_rankings"."losses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "attraction_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attraction_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"audience_type" "audience_type" NOT NULL,
	"comment" text,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"unhelpful_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attraction_ratings_rating" CHECK ("attraction_ratings"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "attraction_ratings_comment_length" CHECK (char_length("attraction_ratings"."comment") <= 2000),
	CONSTRAINT "attraction_ratings_vote_counts" CHECK ("attraction_ratings"."helpful_count" >= 0 AND "attraction_ratings"."unhelpful_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "attraction_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"suggested_by" text NOT NULL,
	"suggested_changes" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" "moderation_status" DEFAULT 'pending' NOT NULL,
	"moderated_by" text,
	"moderation_reason" text,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attraction_id" uuid NOT NULL,
	CONSTRAINT "attraction_suggestions_reason" CHECK (length(btrim("attraction_suggestions"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "attraction_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "attraction_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "attractions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"park_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"type_id" smallint NOT NULL,
	"description" text,
	"description_fr" text,
	"description_en" text,
	"image_url" text,
	"duration" integer,
	"min_height_alone" integer,
	"min_height_forbidden" integer,
	"height" numeric(7, 1),
	"max_speed" numeric(6, 1),
	"inversions" integer,
	"track_length" integer,
	"capacity_per_hour" integer,
	"opening_year" integer,
	"youtube_url" text,
	"status" "attraction_status" DEFAULT 'operating' NOT NULL,
	"moderation_status" "moderation_status" DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"audience_thrill_count" integer DEFAULT 0 NOT NULL,
	"audience_kids_count" integer DEFAULT 0 NOT NULL,
	"audience_general_count" integer DEFAULT 0 NOT NULL,
	"average_rating" numeric(4, 2) GENERATED ALWAYS AS (CASE WHEN rating_count > 0 THEN round(rating_sum::numeric / rating_count, 2) END) STORED,
	CONSTRAINT "attractions_opening_year" CHECK ("attractions"."opening_year" IS NULL OR "attractions"."opening_year" BETWEEN 1800 AND extract(year FROM now())::int),
	CONSTRAINT "attractions_duration" CHECK ("attractions"."duration" IS NULL OR "attractions"."duration" >= 1),
	CONSTRAINT "attractions_capacity" CHECK ("attractions"."capacity_per_hour" IS NULL OR "attractions"."capacity_per_hour" >= 1),
	CONSTRAINT "attractions_non_negative" CHECK (coalesce("attractions"."min_height_alone", 0) >= 0 AND coalesce("attractions"."min_height_forbidden", 0) >= 0
        AND coalesce("attractions"."height", 0) >= 0 AND coalesce("attractions"."max_speed", 0) >= 0
        AND coalesce("attractions"."inversions", 0) >= 0 AND coalesce("attractions"."track_length", 0) >= 0),
	CONSTRAINT "attractions_name_not_blank" CHECK (length(btrim("attractions"."name")) > 0),
	CONSTRAINT "attractions_rejection_reason" CHECK ("attractions"."moderation_status" <> 'rejected' OR length(btrim(coalesce("attractions"."rejection_reason", ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "captcha_solution" (
	"challenge" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comment_type" "rating_kind" NOT NULL,
	"comment_id" uuid NOT NULL,
	"reported_by" text NOT NULL,
	"reason" text NOT NULL,
	"status" "report_status" DEFAULT 'pending' NOT NULL,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_reports_reason" CHECK (length(btrim("comment_reports"."reason")) > 0),
	CONSTRAINT "comment_reports_resolution" CHECK ("comment_reports"."status" <> 'resolved' OR length(btrim(coalesce("comment_reports"."resolution", ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "content_modifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"target_type" "content_target" NOT NULL,
	"target_id" uuid NOT NULL,
	"action" "content_action" NOT NULL,
	"status" "moderation_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action_type" text NOT NULL,
	"target_type" "moderation_target" NOT NULL,
	"target_id" text NOT NULL,
	"moderator_id" text,
	"action_details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "park_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"park_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kids_friendly_rating" smallint,
	"family_friendly_rating" smallint,
	"thrill_rating" smallint,
	"theming_rating" smallint,
	"operations_rating" smallint,
	"value_rating" smallint,
	"visit_duration" "visit_duration" NOT NULL,
	"comment" text,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"unhelpful_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "park_ratings_kids_friendly" CHECK ("park_ratings"."kids_friendly_rating" IS NULL OR "park_ratings"."kids_friendly_rating" BETWEEN 1 AND 5),
	CONSTRAINT "park_ratings_family_friendly" CHECK ("park_ratings"."family_friendly_rating" IS NULL OR "park_ratings"."family_friendly_rating" BETWEEN 1 AND 5),
	CONSTRAINT "park_ratings_thrill" CHECK ("park_ratings"."thrill_rating" IS NULL OR "park_ratings"."thrill_rating" BETWEEN 1 AND 5),
	CONSTRAINT "park_ratings_theming" CHECK ("park_ratings"."theming_rating" IS NULL OR "park_ratings"."theming_rating" BETWEEN 1 AND 5),
	CONSTRAINT "park_ratings_operations" CHECK ("park_ratings"."operations_rating" IS NULL OR "park_ratings"."operations_rating" BETWEEN 1 AND 5),
	CONSTRAINT "park_ratings_value" CHECK ("park_ratings"."value_rating" IS NULL OR "park_ratings"."value_rating" BETWEEN 1 AND 5),
	CONSTRAINT "park_ratings_at_least_one" CHECK (num_nonnulls("park_ratings"."kids_friendly_rating", "park_ratings"."family_friendly_rating", "park_ratings"."thrill_rating",
        "park_ratings"."theming_rating", "park_ratings"."operations_rating", "park_ratings"."value_rating") > 0),
	CONSTRAINT "park_ratings_comment_length" CHECK (char_length("park_ratings"."comment") <= 2000),
	CONSTRAINT "park_ratings_vote_counts" CHECK ("park_ratings"."helpful_count" >= 0 AND "park_ratings"."unhelpful_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "park_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"suggested_by" text NOT NULL,
	"suggested_changes" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" "moderation_status" DEFAULT 'pending' NOT NULL,
	"moderated_by" text,
	"moderation_reason" text,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"park_id" uuid NOT NULL,
	CONSTRAINT "park_suggestions_reason" CHECK (length(btrim("park_suggestions"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "parks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"region" text NOT NULL,
	"country" text NOT NULL,
	"image_url" text,
	"description" text,
	"description_fr" text,
	"description_en" text,
	"opening_year" integer,
	"adult_price" numeric(8, 2),
	"child_price" numeric(8, 2),
	"opening_hours" text,
	"created_by" text,
	"moderation_status" "moderation_status" DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"score_sum" numeric(14, 4) DEFAULT 0 NOT NULL,
	"kids_friendly_sum" integer DEFAULT 0 NOT NULL,
	"kids_friendly_count" integer DEFAULT 0 NOT NULL,
	"family_friendly_sum" integer DEFAULT 0 NOT NULL,
	"family_friendly_count" integer DEFAULT 0 NOT NULL,
	"thrill_sum" integer DEFAULT 0 NOT NULL,
	"thrill_count" integer DEFAULT 0 NOT NULL,
	"theming_sum" integer DEFAULT 0 NOT NULL,
	"theming_count" integer DEFAULT 0 NOT NULL,
	"operations_sum" integer DEFAULT 0 NOT NULL,
	"operations_count" integer DEFAULT 0 NOT NULL,
	"value_sum" integer DEFAULT 0 NOT NULL,
	"value_count" integer DEFAULT 0 NOT NULL,
	"visit_half_day_count" integer DEFAULT 0 NOT NULL,
	"visit_full_day_count" integer DEFAULT 0 NOT NULL,
	"visit_two_days_count" integer DEFAULT 0 NOT NULL,
	"rated_attractions_count" integer DEFAULT 0 NOT NULL,
	"attractions_average_sum" numeric(14, 4) DEFAULT 0 NOT NULL,
	"attractions_count" integer DEFAULT 0 NOT NULL,
	"average_rating" numeric(4, 2) GENERATED ALWAYS AS (CASE WHEN rating_count > 0 THEN round(score_sum::numeric / rating_count, 2) END) STORED,
	"attractions_rating" numeric(4, 2) GENERATED ALWAYS AS (CASE WHEN rated_attractions_count > 0 THEN round(attractions_average_sum::numeric / rated_attractions_count, 2) END) STORED,
	"kids_friendly_average" numeric(4, 2) GENERATED ALWAYS AS (CASE WHEN kids_friendly_count > 0 THEN round(kids_friendly_sum::numeric / kids_friendly_count, 2) END) STORED,
	"family_friendly_average" numeric(4, 2) GENERATED ALWAYS AS (CASE WHEN family_friendly_count > 0 THEN round(family_friendly_sum::numeric / family_friendly_count, 2) END) STORED,
	"thrill_average" numeric(4, 2) GENERATED ALWAYS AS (CASE WHEN thrill_count > 0 THEN round(thrill_sum::numeric / thrill_count, 2) END) STORED,
	"theming_average" numeric(4, 2) GENERATED ALWAYS AS (CASE WHEN theming_count > 0 THEN round(theming_sum::numeric / theming_count, 2) END) STORED,
	"operations_average" numeric(4, 2) GENERATED ALWAYS AS (CASE WHEN operations_count > 0 THEN round(operations_sum::numeric / operations_count, 2) END) STORED,
	"value_average" numeric(4, 2) GENERATED ALWAYS AS (CASE WHEN value_count > 0 THEN round(value_sum::numeric / value_count, 2) END) STORED,
	CONSTRAINT "parks_slug_unique" UNIQUE("slug"),
	CONSTRAINT "parks_opening_year" CHECK ("parks"."opening_year" IS NULL OR "parks"."opening_year" BETWEEN 1800 AND extract(year FROM now())::int),
	CONSTRAINT "parks_adult_price" CHECK ("parks"."adult_price" IS NULL OR "parks"."adult_price" > 0),
	CONSTRAINT "parks_child_price" CHECK ("parks"."child_price" IS NULL OR "parks"."child_price" > 0),
	CONSTRAINT "parks_name_not_blank" CHECK (length(btrim("parks"."name")) > 0),
	CONSTRAINT "parks_slug_format" CHECK ("parks"."slug" ~ '^[a-z0-9_]+(-[a-z0-9_]+)*$'),
	CONSTRAINT "parks_rejection_reason" CHECK ("parks"."moderation_status" <> 'rejected' OR length(btrim(coalesce("parks"."rejection_reason", ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"is_suspended" boolean DEFAULT false NOT NULL,
	"suspension_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_username_format" CHECK ("profiles"."username" ~ '^[A-Za-z0-9_-]{3,20}$'),
	CONSTRAINT "profiles_suspension_reason" CHECK (NOT "profiles"."is_suspended" OR length(btrim(coalesce("profiles"."suspension_reason", ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" numeric NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "rating_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rating_type" "rating_kind" NOT NULL,
	"rating_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"is_helpful" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"impersonated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_rating_stats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"total_park_ratings" integer DEFAULT 0 NOT NULL,
	"total_attraction_ratings" integer DEFAULT 0 NOT NULL,
	"current_weight" numeric(3, 2) DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_rating_stats_counts" CHECK ("user_rating_stats"."total_park_ratings" >= 0 AND "user_rating_stats"."total_attraction_ratings" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text DEFAULT 'user' NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_plan_attractions" (
	"plan_id" uuid NOT NULL,
	"attraction_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"is_priority" boolean DEFAULT false NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "visit_plan_attractions_plan_id_attraction_id_pk" PRIMARY KEY("plan_id","attraction_id"),
	CONSTRAINT "visit_plan_attractions_position" CHECK ("visit_plan_attractions"."position" >= 1)
);
--> statement-breakpoint
CREATE TABLE "visit_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"park_id" uuid NOT NULL,
	"name" text DEFAULT 'Mon plan de visite' NOT NULL,
	"total_duration" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_plans_total_duration" CHECK ("visit_plans"."total_duration" >= 0)
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_duels" ADD CONSTRAINT "attraction_duels_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_duels" ADD CONSTRAINT "attraction_duels_type_id_attraction_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."attraction_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_duels" ADD CONSTRAINT "attraction_duels_winner_id_attractions_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_duels" ADD CONSTRAINT "attraction_duels_loser_id_attractions_id_fk" FOREIGN KEY ("loser_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_rankings" ADD CONSTRAINT "attraction_rankings_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_rankings" ADD CONSTRAINT "attraction_rankings_type_id_attraction_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."attraction_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_rankings" ADD CONSTRAINT "attraction_rankings_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_ratings" ADD CONSTRAINT "attraction_ratings_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_ratings" ADD CONSTRAINT "attraction_ratings_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_suggestions" ADD CONSTRAINT "attraction_suggestions_suggested_by_profiles_id_fk" FOREIGN KEY ("suggested_by") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_suggestions" ADD CONSTRAINT "attraction_suggestions_moderated_by_profiles_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_suggestions" ADD CONSTRAINT "attraction_suggestions_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attractions" ADD CONSTRAINT "attractions_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attractions" ADD CONSTRAINT "attractions_type_id_attraction_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."attraction_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attractions" ADD CONSTRAINT "attractions_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_reported_by_profiles_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_resolved_by_profiles_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_modifications" ADD CONSTRAINT "content_modifications_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_logs" ADD CONSTRAINT "moderation_logs_moderator_id_profiles_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "park_ratings" ADD CONSTRAINT "park_ratings_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "park_ratings" ADD CONSTRAINT "park_ratings_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "park_suggestions" ADD CONSTRAINT "park_suggestions_suggested_by_profiles_id_fk" FOREIGN KEY ("suggested_by") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "park_suggestions" ADD CONSTRAINT "park_suggestions_moderated_by_profiles_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "park_suggestions" ADD CONSTRAINT "park_suggestions_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parks" ADD CONSTRAINT "parks_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_votes" ADD CONSTRAINT "rating_votes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_rating_stats" ADD CONSTRAINT "user_rating_stats_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_plan_attractions" ADD CONSTRAINT "visit_plan_attractions_plan_id_visit_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."visit_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_plan_attractions" ADD CONSTRAINT "visit_plan_attractions_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_plans" ADD CONSTRAINT "visit_plans_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_plans" ADD CONSTRAINT "visit_plans_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_provider_account_idx" ON "account" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attraction_duels_user_pair_idx" ON "attraction_duels" USING btree ("user_id","type_id",least("winner_id", "loser_id"),greatest("winner_id", "loser_id"));--> statement-breakpoint
CREATE INDEX "attraction_duels_type_idx" ON "attraction_duels" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "attraction_duels_winner_idx" ON "attraction_duels" USING btree ("winner_id");--> statement-breakpoint
CREATE INDEX "attraction_duels_loser_idx" ON "attraction_duels" USING btree ("loser_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attraction_rankings_user_attraction_idx" ON "attraction_rankings" USING btree ("user_id","type_id","attraction_id");--> statement-breakpoint
CREATE INDEX "attraction_rankings_user_rank_idx" ON "attraction_rankings" USING btree ("user_id","type_id","rank");--> statement-breakpoint
CREATE INDEX "attraction_rankings_attraction_idx" ON "attraction_rankings" USING btree ("attraction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attraction_ratings_user_attraction_idx" ON "attraction_ratings" USING btree ("user_id","attraction_id");--> statement-breakpoint
CREATE INDEX "attraction_ratings_attraction_created_idx" ON "attraction_ratings" USING btree ("attraction_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "attraction_ratings_created_idx" ON "attraction_ratings" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "attraction_suggestions_status_created_idx" ON "attraction_suggestions" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "attraction_suggestions_attraction_idx" ON "attraction_suggestions" USING btree ("attraction_id");--> statement-breakpoint
CREATE INDEX "attraction_suggestions_suggested_by_idx" ON "attraction_suggestions" USING btree ("suggested_by");--> statement-breakpoint
CREATE UNIQUE INDEX "attractions_park_slug_idx" ON "attractions" USING btree ("park_id","slug");--> statement-breakpoint
CREATE INDEX "attractions_park_status_idx" ON "attractions" USING btree ("park_id","moderation_status","status");--> statement-breakpoint
CREATE INDEX "attractions_type_ranking_idx" ON "attractions" USING btree ("type_id","moderation_status","status","average_rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "attractions_status_created_idx" ON "attractions" USING btree ("moderation_status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "attractions_name_lower_idx" ON "attractions" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "attractions_created_by_idx" ON "attractions" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "captcha_solution_expires_at_idx" ON "captcha_solution" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "comment_reports_reporter_comment_idx" ON "comment_reports" USING btree ("reported_by","comment_type","comment_id");--> statement-breakpoint
CREATE INDEX "comment_reports_comment_status_idx" ON "comment_reports" USING btree ("comment_type","comment_id","status");--> statement-breakpoint
CREATE INDEX "comment_reports_status_created_idx" ON "comment_reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_modifications_user_status_idx" ON "content_modifications" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "content_modifications_target_idx" ON "content_modifications" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "moderation_logs_created_idx" ON "moderation_logs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "park_ratings_user_park_idx" ON "park_ratings" USING btree ("user_id","park_id");--> statement-breakpoint
CREATE INDEX "park_ratings_park_order_idx" ON "park_ratings" USING btree ("park_id","helpful_count" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "park_ratings_created_idx" ON "park_ratings" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "park_suggestions_status_created_idx" ON "park_suggestions" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "park_suggestions_park_idx" ON "park_suggestions" USING btree ("park_id");--> statement-breakpoint
CREATE INDEX "park_suggestions_suggested_by_idx" ON "park_suggestions" USING btree ("suggested_by");--> statement-breakpoint
CREATE INDEX "parks_status_created_idx" ON "parks" USING btree ("moderation_status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "parks_status_country_region_idx" ON "parks" USING btree ("moderation_status","country","region");--> statement-breakpoint
CREATE INDEX "parks_status_rating_idx" ON "parks" USING btree ("moderation_status","average_rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "parks_name_lower_idx" ON "parks" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "parks_created_by_idx" ON "parks" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_lower_idx" ON "profiles" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "rating_votes_user_rating_idx" ON "rating_votes" USING btree ("user_id","rating_type","rating_id");--> statement-breakpoint
CREATE INDEX "rating_votes_rating_idx" ON "rating_votes" USING btree ("rating_type","rating_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factor_user_id_idx" ON "two_factor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_rating_stats_total_park_ratings_idx" ON "user_rating_stats" USING btree ("total_park_ratings" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_plan_attractions_position_idx" ON "visit_plan_attractions" USING btree ("plan_id","position");--> statement-breakpoint
CREATE INDEX "visit_plan_attractions_attraction_idx" ON "visit_plan_attractions" USING btree ("attraction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_plans_user_park_idx" ON "visit_plans" USING btree ("user_id","park_id");