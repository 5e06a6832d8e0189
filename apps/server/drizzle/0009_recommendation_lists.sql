-- Issue 19 (docs/decisions/026-recommendations.md, "Stored lists"): the finished lists that GET /recipes/recommended
-- and GET /recipes/{id}/similar answer from, so that a request reads one stored list and its cards instead of
-- scoring neighbours, reading candidates and re-ranking them every time. kind 1 = a cook's personal list (subject:
-- the user), 2 = a recipe's 'more like this' (subject: the recipe), 3 = the visitors' set (subject: the nil uuid).
-- A list is made on the first request after a refresh and holds the best `computed_for` (the request's limit, at
-- least 12), best first; a request for more than that makes it again, longer.
-- It is valid while `based_on` equals the last refresh's refreshed_at (a list computed from the tables of an earlier
-- refresh is never read); each refresh deletes the lists of the one before. A cook's own save, unsave or review
-- deletes their list at once (statement triggers below), so their next request is scored afresh; a deleted
-- account's list goes with it.
CREATE TABLE IF NOT EXISTS "recommendation_lists" (
  "kind" smallint NOT NULL,
  "subject_id" uuid NOT NULL,
  "based_on" timestamp with time zone,
  "computed_for" smallint NOT NULL,
  "recipe_ids" uuid[] NOT NULL,
  "because_ids" uuid[] NOT NULL,
  "actions" text[] NOT NULL,
  CONSTRAINT "recommendation_lists_pkey" PRIMARY KEY ("kind", "subject_id")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION recommendation_lists_forget_users() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Saves carry user_id, reviews owner_id, users their id: the trigger's argument names the column.
  IF TG_ARGV[0] = 'user_id' THEN
    DELETE FROM recommendation_lists l WHERE l.kind = 1 AND l.subject_id IN (SELECT user_id FROM changed_rows);
  ELSIF TG_ARGV[0] = 'id' THEN
    DELETE FROM recommendation_lists l WHERE l.kind = 1 AND l.subject_id IN (SELECT id FROM changed_rows);
  ELSE
    DELETE FROM recommendation_lists l WHERE l.kind = 1 AND l.subject_id IN (SELECT owner_id FROM changed_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "saved_recipes_forget_lists_ins" AFTER INSERT ON "saved_recipes"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION recommendation_lists_forget_users('user_id');
--> statement-breakpoint
CREATE TRIGGER "saved_recipes_forget_lists_del" AFTER DELETE ON "saved_recipes"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION recommendation_lists_forget_users('user_id');
--> statement-breakpoint
CREATE TRIGGER "reviews_forget_lists_ins" AFTER INSERT ON "reviews"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION recommendation_lists_forget_users('owner_id');
--> statement-breakpoint
CREATE TRIGGER "reviews_forget_lists_upd" AFTER UPDATE ON "reviews"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION recommendation_lists_forget_users('owner_id');
--> statement-breakpoint
CREATE TRIGGER "reviews_forget_lists_del" AFTER DELETE ON "reviews"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION recommendation_lists_forget_users('owner_id');
--> statement-breakpoint
CREATE TRIGGER "users_forget_lists_del" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION recommendation_lists_forget_users('id');
