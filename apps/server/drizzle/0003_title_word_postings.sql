-- A one-word search at a million recipes without collecting every match (docs/decisions/016-title-word-postings.md).
--
-- The title word index (GIN) answers 'chicken' by building a bitmap of all 14,000 titles that have the word before
-- any of them is read: 6 of the 8 ms of that search at 1M recipes, and it grows with the table. This table holds
-- the same words (to_tsvector('simple', title_norm), as that index) once per published recipe, with the recipe's
-- number of reviews, so a word's most-reviewed recipes are the first entries of a btree range: reading 100 of them
-- costs the same at any size. A row trigger keeps it in step with the title, publication and review count.

-- A title's words as the title word index sees them (one each).
CREATE OR REPLACE FUNCTION title_postings_of(title_norm text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT unnest(tsvector_to_array(to_tsvector('simple'::regconfig, title_norm))) $$;--> statement-breakpoint
CREATE TABLE "recipe_title_words" (
	"recipe_id" uuid NOT NULL REFERENCES "recipes" ("id") ON DELETE CASCADE,
	"word" text NOT NULL,
	"total_reviews" integer NOT NULL,
	PRIMARY KEY ("recipe_id", "word")
);--> statement-breakpoint
INSERT INTO "recipe_title_words" ("recipe_id", "word", "total_reviews")
  SELECT r."id", title_postings_of(r."title_norm"), r."total_reviews"
  FROM "recipes" r WHERE r."is_published";--> statement-breakpoint
CREATE INDEX "recipe_title_words_popular_idx" ON "recipe_title_words"
  USING btree ("word", "total_reviews" DESC, "recipe_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION recipe_title_words_track() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.title_norm = OLD.title_norm AND NEW.is_published = OLD.is_published THEN
    -- A review was written or removed: the entries move within their words' popularity order.
    IF NEW.total_reviews <> OLD.total_reviews THEN
      UPDATE recipe_title_words SET total_reviews = NEW.total_reviews WHERE recipe_id = NEW.id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM recipe_title_words WHERE recipe_id = NEW.id;
  END IF;
  IF NEW.is_published THEN
    INSERT INTO recipe_title_words (recipe_id, word, total_reviews)
      SELECT NEW.id, title_postings_of(NEW.title_norm), NEW.total_reviews;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "recipe_title_words_track"
  AFTER INSERT OR UPDATE OF "title", "is_published", "total_reviews" ON "recipes"
  FOR EACH ROW EXECUTE FUNCTION recipe_title_words_track();
