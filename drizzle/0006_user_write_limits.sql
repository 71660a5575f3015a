CREATE TABLE "user_write_limits" (
	"user_id" text NOT NULL,
	"action" text NOT NULL,
	"recent" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL,
	CONSTRAINT "user_write_limits_user_id_action_pk" PRIMARY KEY("user_id","action")
);
--> statement-breakpoint
ALTER TABLE "user_write_limits" ADD CONSTRAINT "user_write_limits_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;