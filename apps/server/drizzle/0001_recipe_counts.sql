-- Every list page reports the number of published recipes. Counting them scans the whole published index (about
-- 200 ms at a million recipes, bench/results), so the number is kept in a one-row table, exact, by a row trigger.
-- Only a change of is_published (or an insert or delete) touches the counter; rating updates do not.
CREATE TABLE "recipe_counts" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"published" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "recipe_counts" ("published") SELECT count(*) FROM "recipes" WHERE "is_published";--> statement-breakpoint
CREATE OR REPLACE FUNCTION recipe_counts_track() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.is_published THEN UPDATE recipe_counts SET published = published + 1; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.is_published THEN UPDATE recipe_counts SET published = published - 1; END IF;
  ELSIF NEW.is_published IS DISTINCT FROM OLD.is_published THEN
    UPDATE recipe_counts SET published = published + CASE WHEN NEW.is_published THEN 1 ELSE -1 END;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "recipe_counts_track" AFTER INSERT OR DELETE OR UPDATE OF "is_published" ON "recipes"
  FOR EACH ROW EXECUTE FUNCTION recipe_counts_track();
