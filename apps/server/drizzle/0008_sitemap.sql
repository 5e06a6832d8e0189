-- /sitemap.xml (issue 21, docs/decisions/023-structured-data-and-sitemap.md): a sitemap page is a range of recipe ids,
-- listed with each recipe's lastmod. This index answers it from the index alone (an index-only range scan): at a
-- million recipes a page of 15,000 reads about 150 index pages instead of 15,000 scattered table pages. Built once
-- at start-up by this migration (about 15 s at a million recipes, during which recipe writes wait).
CREATE INDEX IF NOT EXISTS "recipes_sitemap_idx" ON "recipes" USING btree ("id") INCLUDE ("updated_at") WHERE "recipes"."is_published";
