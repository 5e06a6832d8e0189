-- Issue 21: a recipe keeps where it came from (an import): the original page's address and the site's name, shown as
-- 'Adapted from <site name>' on the recipe page (docs/decisions/022). Nullable columns without defaults, so adding
-- them rewrites nothing; the checks are NOT VALID because every existing row is NULL (no table scan).
ALTER TABLE "recipes" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "source_site_name" text;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_source_url_http" CHECK ("source_url" ~* '^https?://' AND char_length("source_url") <= 2048) NOT VALID;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_source_site_name_length" CHECK (char_length("source_site_name") <= 100) NOT VALID;
