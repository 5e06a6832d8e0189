-- Issue 18 (docs/decisions/024-meal-plan-and-shopping-list.md, "The list answer, kept"): a version per shopping list,
-- so that an instance can answer GET /shopping-list from the answer it made last time when nothing changed, after
-- one primary-key read, instead of building ~90 lines and their sources again. A user's row changes in the same
-- transaction as any change to their lines or the lines' sources; the row under the nil uuid changes whenever a
-- recipe is published, unpublished or deleted (a line's source links to its recipe only while the cook may see it).
-- No foreign key: a trigger below removes a deleted account's row (a cascade from users would meet the rows the
-- line triggers write while the account's lines are deleted).
CREATE SEQUENCE IF NOT EXISTS "shopping_list_version_seq";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shopping_list_versions" (
  "user_id" uuid PRIMARY KEY NOT NULL,
  "version" bigint NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shopping_list_versions_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'recipes' THEN
    INSERT INTO shopping_list_versions (user_id, version)
      VALUES ('00000000-0000-0000-0000-000000000000', nextval('shopping_list_version_seq'))
      ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  ELSE
    -- Only for accounts that still exist: while an account is deleted its lines go too, and its row with it.
    INSERT INTO shopping_list_versions (user_id, version)
      SELECT c.user_id, nextval('shopping_list_version_seq')
      FROM (SELECT DISTINCT user_id FROM changed_rows) c
      WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
      ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shopping_items_version_ins" AFTER INSERT ON "shopping_items"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION shopping_list_versions_bump('lines');
--> statement-breakpoint
CREATE TRIGGER "shopping_items_version_upd" AFTER UPDATE ON "shopping_items"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION shopping_list_versions_bump('lines');
--> statement-breakpoint
CREATE TRIGGER "shopping_items_version_del" AFTER DELETE ON "shopping_items"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION shopping_list_versions_bump('lines');
--> statement-breakpoint
CREATE TRIGGER "shopping_item_sources_version_ins" AFTER INSERT ON "shopping_item_sources"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION shopping_list_versions_bump('lines');
--> statement-breakpoint
CREATE TRIGGER "shopping_item_sources_version_upd" AFTER UPDATE ON "shopping_item_sources"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION shopping_list_versions_bump('lines');
--> statement-breakpoint
CREATE TRIGGER "shopping_item_sources_version_del" AFTER DELETE ON "shopping_item_sources"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION shopping_list_versions_bump('lines');
--> statement-breakpoint
CREATE TRIGGER "recipes_shopping_version_visibility" AFTER UPDATE ON "recipes"
  FOR EACH ROW WHEN (OLD.is_published IS DISTINCT FROM NEW.is_published)
  EXECUTE FUNCTION shopping_list_versions_bump('recipes');
--> statement-breakpoint
CREATE TRIGGER "recipes_shopping_version_del" AFTER DELETE ON "recipes"
  FOR EACH STATEMENT EXECUTE FUNCTION shopping_list_versions_bump('recipes');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shopping_list_versions_forget() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shopping_list_versions v WHERE v.user_id IN (SELECT id FROM changed_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_shopping_version_del" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION shopping_list_versions_forget();
