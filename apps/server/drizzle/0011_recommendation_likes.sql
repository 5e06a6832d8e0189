-- Issue 19 (docs/decisions/026, "The co-liked part incremental"): the likes the last recommendation refresh used,
-- (cook, recipe) after its rules (a like and no dislike, published recipes, each cook's most recent 200). The next
-- refresh compares its likes with these: the cooks whose likes differ are the only ones whose weight or pairs moved,
-- so only the co-liked lists of the recipes they like (or liked) are computed again. Written by the refresh alone.
CREATE TABLE IF NOT EXISTS "recommendation_likes" (
  "user_id" uuid NOT NULL,
  "recipe_id" uuid NOT NULL,
  CONSTRAINT "recommendation_likes_pkey" PRIMARY KEY ("user_id", "recipe_id")
);
--> statement-breakpoint
-- How many refreshes have run: each takes the next rotating slice of the lists it recomputes in any case, so every
-- slice comes round whatever the refresh interval (the slice of the clock's minute skipped slices when the interval
-- in minutes shared a factor with their number).
ALTER TABLE "recommendation_refreshes" ADD COLUMN IF NOT EXISTS "runs" bigint DEFAULT 0 NOT NULL;
