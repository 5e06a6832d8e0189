-- Search that costs the same at ten thousand and at a million recipes (docs/decisions/007-search-at-scale.md).
--
-- 1. title_norm: the accent-free, lower-case title, stored, so matching and ranking read a column instead of calling
--    unaccent() per row. Suggestions match the start of title words: a word index (one posting list per word, read
--    by prefix) replaces the trigram index, whose five lists per word made a common word ('chicken') slow to find.
ALTER TABLE "recipes" ADD COLUMN "title_norm" text GENERATED ALWAYS AS (f_unaccent(lower("title"))) STORED NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "recipes_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "recipes_title_words_idx" ON "recipes" USING gin (to_tsvector('simple'::regconfig, "title_norm")) WHERE "recipes"."is_published";--> statement-breakpoint
-- The planner ignores the statistics of a partial index's expression; these give it the word frequencies of titles,
-- so it can tell a common title word from a rare one.
CREATE STATISTICS "recipes_title_words_stats" ON (to_tsvector('simple'::regconfig, "title_norm")) FROM "recipes";--> statement-breakpoint
-- 2. The published recipes, most reviewed first, with what a suggestion needs: search looks here first, so a common
--    word ('chicken') is answered from the first few hundred entries instead of ranking every match.
CREATE INDEX "recipes_published_popular_idx" ON "recipes" USING btree ("total_reviews" DESC, "id") INCLUDE ("title_norm", "title") WHERE "recipes"."is_published";--> statement-breakpoint
-- 3. The words of every title, for typo correction: a misspelt word is matched against this short list (trigram
--    distance) and replaced by its nearest words, instead of comparing it with a million titles. Words only ever get
--    added (a stale word costs one correction that finds nothing); the trigger keeps the list complete.
CREATE TABLE "title_words" (
	"word" text PRIMARY KEY NOT NULL
);--> statement-breakpoint
CREATE INDEX "title_words_trgm_idx" ON "title_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- A typed prefix ('cu') is spelt out as the words it starts, whatever the database's collation.
CREATE INDEX "title_words_prefix_idx" ON "title_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION title_words_of(title_norm text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT DISTINCT w FROM regexp_split_to_table(title_norm, '[^[:alnum:]]+') AS w WHERE length(w) >= 3 $$;--> statement-breakpoint
INSERT INTO "title_words" ("word") SELECT DISTINCT title_words_of("title_norm") FROM "recipes" ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION title_words_track() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO title_words (word) SELECT title_words_of(NEW.title_norm) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "title_words_track" AFTER INSERT OR UPDATE OF "title" ON "recipes"
  FOR EACH ROW EXECUTE FUNCTION title_words_track();
