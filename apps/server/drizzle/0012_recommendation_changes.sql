-- Issue 19 (docs/decisions/026, "Changes logged"): every write that can change a cook's likes leaves a row here, so
-- a scheduled recommendation refresh recomputes the likes of those cooks only, instead of rebuilding every cook's
-- likes from every signal and comparing them with the last ones (about 75 s of each refresh at 1M recipes). A row
-- names the cook and the recipe of a save, review or meal-plan entry that came, went or changed; `recipe_changed`
-- marks a recipe that was published, unpublished, deleted or changed hands (its every liker may have changed). The
-- refresh deletes the rows it has read, in its own transaction; nothing else reads or writes this table. Inserts
-- only (no unique key): a write never waits on the refresh.
CREATE TABLE IF NOT EXISTS "recommendation_changes" (
  "id" bigserial PRIMARY KEY,
  "user_id" uuid NOT NULL,
  "recipe_id" uuid NOT NULL,
  "recipe_changed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- The kept likes carry each cook's weight, so the co-liked lists read them straight from this table (NULL: kept by
-- a refresh from before this migration; the first refresh after it rewrites them all).
ALTER TABLE "recommendation_likes" ADD COLUMN IF NOT EXISTS "uw" real;
--> statement-breakpoint
-- A recipe's likers with their weights, from the index alone (an index-only scan: the refresh vacuums this table
-- after each run, so its pages stay all-visible); their other likes come from the primary key the same way.
CREATE INDEX IF NOT EXISTS "recommendation_likes_recipe_idx" ON "recommendation_likes" ("recipe_id") INCLUDE ("user_id", "uw");
--> statement-breakpoint
-- Whether the last refresh kept its likes with the log above in place: the first refresh after this migration
-- (false) rebuilds them all, since it cannot know what changed before the log existed.
ALTER TABLE "recommendation_refreshes" ADD COLUMN IF NOT EXISTS "changes_logged" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- OLD is NULL in an insert trigger and NEW in a delete trigger: each function logs the row as it was and as it is.
CREATE OR REPLACE FUNCTION "recommendation_log_signal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the table's column naming the cook (user_id, owner_id). A meal-plan note has no recipe.
  INSERT INTO "recommendation_changes" ("user_id", "recipe_id")
  SELECT (j ->> TG_ARGV[0])::uuid, (j ->> 'recipe_id')::uuid FROM (VALUES (to_jsonb(OLD)), (to_jsonb(NEW))) AS v(j)
  WHERE j ->> 'recipe_id' IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "recommendation_log_recipe"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "recommendation_changes" ("user_id", "recipe_id", "recipe_changed")
  SELECT (j ->> 'author_id')::uuid, (j ->> 'id')::uuid, true FROM (VALUES (to_jsonb(OLD)), (to_jsonb(NEW))) AS v(j)
  WHERE j IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "saved_recipes_recommendation_log" ON "saved_recipes";
--> statement-breakpoint
CREATE TRIGGER "saved_recipes_recommendation_log" AFTER INSERT OR DELETE OR UPDATE ON "saved_recipes"
  FOR EACH ROW EXECUTE FUNCTION "recommendation_log_signal"('user_id');
--> statement-breakpoint
DROP TRIGGER IF EXISTS "reviews_recommendation_log" ON "reviews";
--> statement-breakpoint
-- A review's comment alone changes no like; its rating and time (the recency of the like) do.
CREATE TRIGGER "reviews_recommendation_log" AFTER INSERT OR DELETE OR UPDATE OF "rating", "updated_at", "owner_id", "recipe_id"
  ON "reviews" FOR EACH ROW EXECUTE FUNCTION "recommendation_log_signal"('owner_id');
--> statement-breakpoint
DROP TRIGGER IF EXISTS "meal_plan_entries_recommendation_log" ON "meal_plan_entries";
--> statement-breakpoint
-- Moving an entry to another day or slot changes no like; planning, unplanning or swapping its recipe does.
CREATE TRIGGER "meal_plan_entries_recommendation_log" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "recipe_id"
  ON "meal_plan_entries" FOR EACH ROW EXECUTE FUNCTION "recommendation_log_signal"('user_id');
--> statement-breakpoint
DROP TRIGGER IF EXISTS "recipes_recommendation_log" ON "recipes";
--> statement-breakpoint
-- Editing a recipe's text changes no like (its content list follows updated_at); publishing, unpublishing, deleting
-- it or a new author does.
CREATE TRIGGER "recipes_recommendation_log" AFTER INSERT OR DELETE
  ON "recipes" FOR EACH ROW EXECUTE FUNCTION "recommendation_log_recipe"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "recipes_recommendation_log_update" ON "recipes";
--> statement-breakpoint
CREATE TRIGGER "recipes_recommendation_log_update" AFTER UPDATE OF "is_published", "author_id" ON "recipes"
  FOR EACH ROW WHEN (OLD."is_published" IS DISTINCT FROM NEW."is_published" OR OLD."author_id" IS DISTINCT FROM NEW."author_id")
  EXECUTE FUNCTION "recommendation_log_recipe"();
