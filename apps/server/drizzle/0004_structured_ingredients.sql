-- Issue 17: servings, the yield as written, and each ingredient line read (docs/decisions/021). Nullable columns
-- without defaults, so adding them rewrites nothing. Existing recipes keep ingredient_details NULL here: SQL cannot
-- run the parser, so the server fills them after start-up in batches (services/ingredients/backfill.ts) and reads a
-- NULL as "parse now" until then.
ALTER TABLE "recipes" ADD COLUMN "servings" integer;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "yield_text" text;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "ingredient_details" jsonb;--> statement-breakpoint
-- Every existing row has NULL servings, so there is nothing to validate: NOT VALID skips the table scan.
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_servings_range" CHECK ("servings" BETWEEN 1 AND 100) NOT VALID;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_yield_text_length" CHECK (char_length("yield_text") <= 100) NOT VALID;--> statement-breakpoint
-- What the backfill walks: empty once every recipe has its details, so it costs nothing afterwards.
CREATE INDEX "recipes_ingredient_details_pending" ON "recipes" ("id") WHERE "ingredient_details" IS NULL;
