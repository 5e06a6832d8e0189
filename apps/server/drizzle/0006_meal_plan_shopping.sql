-- Issue 18: the meal planner, its calendar feed and settings, and the shopping list (docs/decisions/024). New tables
-- only; every row belongs to one user and goes with the account (ON DELETE CASCADE, in the deletion's transaction).
--
-- A planned entry is a recipe (recipe_title holds the recipe's title when it was planned, shown as 'no longer
-- available' if the recipe goes; recipe_id becomes NULL when it is deleted) or a note (note). slot: 0 breakfast,
-- 1 lunch, 2 dinner, 3 snack. client_id makes a replayed create (offline queue) and a repeated copy-week no-ops.
CREATE TABLE "meal_plan_entries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "client_id" uuid,
  "date" date NOT NULL,
  "slot" smallint NOT NULL,
  "position" integer NOT NULL,
  "recipe_id" uuid REFERENCES "recipes"("id") ON DELETE SET NULL,
  "recipe_title" text,
  "note" text,
  "servings" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "meal_plan_entries_slot_range" CHECK ("slot" BETWEEN 0 AND 3),
  CONSTRAINT "meal_plan_entries_position_range" CHECK ("position" >= 0),
  CONSTRAINT "meal_plan_entries_servings_range" CHECK ("servings" BETWEEN 1 AND 100),
  CONSTRAINT "meal_plan_entries_note_length" CHECK (char_length("note") BETWEEN 1 AND 200),
  CONSTRAINT "meal_plan_entries_recipe_or_note" CHECK (("recipe_title" IS NULL) <> ("note" IS NULL))
);--> statement-breakpoint
-- A user's week: one index range scan, already in display order.
CREATE INDEX "meal_plan_entries_user_date_idx" ON "meal_plan_entries" ("user_id", "date", "slot", "position");--> statement-breakpoint
CREATE UNIQUE INDEX "meal_plan_entries_client_key" ON "meal_plan_entries" ("user_id", "client_id") WHERE "client_id" IS NOT NULL;--> statement-breakpoint
-- Deleting a recipe sets its entries' recipe_id to NULL: without this, a scan of every planned entry.
CREATE INDEX "meal_plan_entries_recipe_idx" ON "meal_plan_entries" ("recipe_id") WHERE "recipe_id" IS NOT NULL;--> statement-breakpoint
-- Slot times (HH:MM, local, floating in the calendar) and the calendar event length; a missing row = defaults.
CREATE TABLE "meal_plan_settings" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "slot_times" jsonb NOT NULL,
  "event_minutes" integer NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "meal_plan_settings_event_minutes_range" CHECK ("event_minutes" BETWEEN 5 AND 240)
);--> statement-breakpoint
-- The calendar feed: the URL's token is an HMAC of the user and nonce under a server secret, so the server can show
-- the URL again; only its SHA-256 is stored (looked up by the feed), so a copy of the database opens no feed.
-- Regenerating replaces the nonce and the hash: the old URL stops working at once.
CREATE TABLE "meal_plan_calendar_feeds" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "nonce" text NOT NULL,
  "token_hash" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "meal_plan_calendar_feeds_token_key" ON "meal_plan_calendar_feeds" ("token_hash");--> statement-breakpoint
-- One line of a user's shopping list. merge_key ('mass|flour', 'volume|milk', 'unit:can|tomatoes', 'none|egg') is
-- set on lines built from recipes that later recipes may add to; NULL on lines typed by hand, edited or unparsed.
-- amount is the sum in the kind's base unit (g, ml, or the counted unit); quantity/unit are how it is shown.
CREATE TABLE "shopping_items" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "client_id" uuid,
  "text" text NOT NULL,
  "quantity" double precision,
  "unit" text,
  "food" text,
  "aisle" text,
  "checked" boolean DEFAULT false NOT NULL,
  "merge_key" text,
  "amount" double precision,
  "from_recipes" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "shopping_items_text_length" CHECK (char_length("text") BETWEEN 1 AND 600)
);--> statement-breakpoint
CREATE INDEX "shopping_items_user_idx" ON "shopping_items" ("user_id", "created_at", "id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopping_items_client_key" ON "shopping_items" ("user_id", "client_id") WHERE "client_id" IS NOT NULL;--> statement-breakpoint
-- Which recipe line (of which planned entry, or which from-recipe call) went into which item, with its share.
-- origin is unique per user ('entry:<entry id>:<line>' or 'recipe:<call id>:<line>'), so nothing is added twice.
-- One foreign key only, to the item (its rows go with it, and with the account through it): a week added to the
-- list writes about 200 of these rows, and four checks per row were most of the time of 'add this week'. entry_id
-- and recipe_id are looked up, never followed: a source of a deleted entry is never asked for again, and the list
-- reads a recipe through a LEFT JOIN that shows a deleted or hidden one as no recipe.
CREATE TABLE "shopping_item_sources" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL,
  "item_id" uuid NOT NULL REFERENCES "shopping_items"("id") ON DELETE CASCADE,
  "origin" text NOT NULL,
  "entry_id" uuid,
  "recipe_id" uuid,
  "recipe_title" text NOT NULL,
  "amount" double precision,
  "unit" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "shopping_item_sources_origin_key" ON "shopping_item_sources" ("user_id", "origin");--> statement-breakpoint
CREATE INDEX "shopping_item_sources_item_idx" ON "shopping_item_sources" ("item_id");--> statement-breakpoint
CREATE INDEX "shopping_item_sources_entry_idx" ON "shopping_item_sources" ("entry_id") WHERE "entry_id" IS NOT NULL;
