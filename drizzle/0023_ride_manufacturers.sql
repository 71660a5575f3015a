CREATE TABLE "manufacturers" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"country_code" text NOT NULL,
	CONSTRAINT "manufacturers_name_unique" UNIQUE("name"),
	CONSTRAINT "manufacturers_slug_unique" UNIQUE("slug"),
	CONSTRAINT "manufacturers_name_not_blank" CHECK (length(btrim("manufacturers"."name")) > 0),
	CONSTRAINT "manufacturers_slug_format" CHECK ("manufacturers"."slug" ~ '^[a-z0-9_]+(-[a-z0-9_]+)*$'),
	CONSTRAINT "manufacturers_country_code" CHECK ("manufacturers"."country_code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "attractions" ADD COLUMN "manufacturer_id" smallint;--> statement-breakpoint
ALTER TABLE "attractions" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "attractions" ADD CONSTRAINT "attractions_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attractions_manufacturer_idx" ON "attractions" USING btree ("manufacturer_id","average_rating" DESC NULLS LAST,"name");--> statement-breakpoint
CREATE INDEX "attractions_manufacturer_bayes_rank_idx" ON "attractions" USING btree ("manufacturer_id","bayes_score" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"id") WHERE moderation_status = 'approved' AND status = 'operating' AND rating_count > 0;--> statement-breakpoint
CREATE INDEX "attractions_manufacturer_duel_rank_idx" ON "attractions" USING btree ("manufacturer_id","duel_score" DESC NULLS LAST,(duel_wins + duel_losses) DESC,"id") WHERE moderation_status = 'approved' AND duel_wins + duel_losses > 0;--> statement-breakpoint
ALTER TABLE "attractions" ADD CONSTRAINT "attractions_model" CHECK (model IS NULL OR (length(btrim(model)) > 0 AND char_length(model) <= 80));--> statement-breakpoint
-- The reference list of ride manufacturers (decision 0052), the ids of app/domain/manufacturer-list.ts (its order).
INSERT INTO "manufacturers" ("id", "name", "slug", "country_code") VALUES
  (1, 'ABC Rides', 'abc-rides', 'CH'),
  (2, 'Alterface', 'alterface', 'BE'),
  (3, 'Arrow Dynamics', 'arrow-dynamics', 'US'),
  (4, 'ART Engineering', 'art-engineering', 'DE'),
  (5, 'Bertazzon', 'bertazzon', 'IT'),
  (6, 'Bolliger & Mabillard', 'bolliger-mabillard', 'CH'),
  (7, 'Caripro', 'caripro', 'NL'),
  (8, 'Chance Rides', 'chance-rides', 'US'),
  (9, 'Custom Coasters International', 'custom-coasters-international', 'US'),
  (10, 'Dynamic Attractions', 'dynamic-attractions', 'CA'),
  (11, 'E&F Miler Industries', 'ef-miler-industries', 'US'),
  (12, 'ETF Ride Systems', 'etf-ride-systems', 'NL'),
  (13, 'Fabbri', 'fabbri', 'IT'),
  (14, 'Funtime', 'funtime', 'AT'),
  (15, 'Gerstlauer', 'gerstlauer', 'DE'),
  (16, 'Giovanola', 'giovanola', 'CH'),
  (17, 'Golden Horse', 'golden-horse', 'CN'),
  (18, 'Great Coasters International', 'great-coasters-international', 'US'),
  (19, 'Hafema', 'hafema', 'DE'),
  (20, 'Hopkins Rides', 'hopkins-rides', 'US'),
  (21, 'Huss Rides', 'huss-rides', 'DE'),
  (22, 'Intamin', 'intamin', 'LI'),
  (23, 'Interlink', 'interlink', 'GB'),
  (24, 'KMG', 'kmg', 'NL'),
  (25, 'Mack Rides', 'mack-rides', 'DE'),
  (26, 'Maurer Rides', 'maurer-rides', 'DE'),
  (27, 'Metallbau Emmeln', 'metallbau-emmeln', 'DE'),
  (28, 'Mondial', 'mondial', 'NL'),
  (29, 'Oceaneering', 'oceaneering', 'US'),
  (30, 'Philadelphia Toboggan Coasters', 'philadelphia-toboggan-coasters', 'US'),
  (31, 'Pinfari', 'pinfari', 'IT'),
  (32, 'Premier Rides', 'premier-rides', 'US'),
  (33, 'Preston & Barbieri', 'preston-barbieri', 'IT'),
  (34, 'Reverchon', 'reverchon', 'FR'),
  (35, 'Rocky Mountain Construction', 'rocky-mountain-construction', 'US'),
  (36, 'Roller Coaster Corporation of America', 'roller-coaster-corporation-of-america', 'US'),
  (37, 'S&S Worldwide', 'ss-worldwide', 'US'),
  (38, 'Sally Dark Rides', 'sally-dark-rides', 'US'),
  (39, 'SBF Visa Group', 'sbf-visa-group', 'IT'),
  (40, 'Schwarzkopf', 'schwarzkopf', 'DE'),
  (41, 'Senyo Kogyo', 'senyo-kogyo', 'JP'),
  (42, 'Skyline Attractions', 'skyline-attractions', 'US'),
  (43, 'Sunkid', 'sunkid', 'AT'),
  (44, 'The Gravity Group', 'the-gravity-group', 'US'),
  (45, 'Togo', 'togo', 'JP'),
  (46, 'Triotech', 'triotech', 'CA'),
  (47, 'Vekoma', 'vekoma', 'NL'),
  (48, 'Whitewater West', 'whitewater-west', 'CA'),
  (49, 'Wiegand', 'wiegand', 'DE'),
  (50, 'Zamperla', 'zamperla', 'IT'),
  (51, 'Zierer', 'zierer', 'DE');
