-- Issue 19: what the recommendation refresher computes and the requests read (docs/decisions/026). No foreign keys
-- on purpose: a full refresh rewrites these tables in one transaction, and cascades from recipes would make every
-- recipe deletion look through millions of neighbour rows; a deleted or unpublished recipe is dropped by the reads'
-- join with recipes (is_published) and disappears from the tables at the next refresh.
-- kind 1: co-liked (item-to-item collaborative filtering, a pair counted only when at least 3 users link it);
-- kind 2: content (ingredients and title words, from the recipes' full-text vectors).
CREATE TABLE "recipe_neighbours" (
  "recipe_id" uuid NOT NULL,
  "neighbour_id" uuid NOT NULL,
  "kind" smallint NOT NULL,
  "score" real NOT NULL,
  CONSTRAINT "recipe_neighbours_pkey" PRIMARY KEY ("recipe_id", "kind", "neighbour_id"),
  CONSTRAINT "recipe_neighbours_kind" CHECK ("kind" IN (1, 2))
);--> statement-breakpoint
-- The popularity prior with time decay: what visitors and new users get, and what fills a short personal list.
CREATE TABLE "recipe_popularity" (
  "recipe_id" uuid PRIMARY KEY,
  "score" real NOT NULL
);--> statement-breakpoint
CREATE INDEX "recipe_popularity_score_idx" ON "recipe_popularity" ("score" DESC, "recipe_id");--> statement-breakpoint
-- One row: when the last refresh ran, what it saw (a change marker, so an idle site skips the work) and its cost.
CREATE TABLE "recommendation_refreshes" (
  "id" smallint PRIMARY KEY DEFAULT 1,
  "refreshed_at" timestamp with time zone NOT NULL,
  "marker" text NOT NULL,
  "seconds" real NOT NULL,
  "co_liked_pairs" integer NOT NULL,
  "content_pairs" integer NOT NULL,
  CONSTRAINT "recommendation_refreshes_one_row" CHECK ("id" = 1)
);
