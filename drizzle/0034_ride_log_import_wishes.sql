CREATE TABLE "ride_log_import_wishes" (
	"import_id" uuid NOT NULL,
	"attraction_id" uuid NOT NULL,
	"wished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ride_log_import_wishes_import_id_attraction_id_pk" PRIMARY KEY("import_id","attraction_id")
);
--> statement-breakpoint
ALTER TABLE "ride_log_import_wishes" ADD CONSTRAINT "ride_log_import_wishes_import_id_ride_log_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."ride_log_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_log_import_wishes" ADD CONSTRAINT "ride_log_import_wishes_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_log_import_wishes_attraction_idx" ON "ride_log_import_wishes" USING btree ("attraction_id");