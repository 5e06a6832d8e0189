import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Aisle, type ParsedIngredient, type ShoppingItem, shoppingListMessages } from '@forkful/contracts';
import type { Database } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { type MealPlanRepository, lockUser } from '../../repositories/meal-plan.js';
import type { ShoppingItemRow, ShoppingListRepository } from '../../repositories/shopping-list.js';
import { parseIngredientLine, parseIngredientLines } from '../ingredients/parse.js';
import { KeptAnswers } from '../kept-answers.js';
import { aisleOf } from './aisles.js';
import { addShares, type SourcedShare } from './lines.js';
import { scaleFactor, shareOf } from './merge.js';

export function toItem(row: ShoppingItemRow): ShoppingItem {
  return {
    _id: row.id,
    clientId: row.clientId,
    text: row.text,
    quantity: row.quantity,
    unit: row.unit,
    food: row.food,
    aisle: row.aisle,
    checked: row.checked,
    sources: row.sources,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

function detailsOf(ingredients: string[], stored: ParsedIngredient[] | null): ParsedIngredient[] {
  return stored && stored.length === ingredients.length ? stored : parseIngredientLines(ingredients);
}

/** The shopping list's workflows that read recipes or the plan and write several lines at once. */
export class ShoppingListService {
  /** The list answers this instance made last, per user (decision 024, "The list answer, kept"). */
  private readonly kept = new KeptAnswers();

  constructor(
    private readonly db: Database,
    private readonly lists: ShoppingListRepository,
    private readonly plans: MealPlanRepository,
  ) {}

  /**
   * The list as the JSON text of `items` (the repository writes it; see listJson). The answer made last time is sent
   * again when the list's stamp has not moved since (one read of two primary keys instead of building ~90 lines and
   * their sources); the stamp moves with every change to the list, in the change's own transaction, and with any
   * recipe's visibility, so a kept answer is never one a fresh read would not give.
   */
  async listJson(userId: string): Promise<Buffer> {
    const kept = this.kept.get(userId);
    if (kept && kept.stamp === (await this.lists.listStamp(userId))) return kept.body;
    const { items, stamp } = await this.lists.listJsonStamped(userId);
    const body = Buffer.from(items);
    this.kept.set(userId, stamp, body);
    return body;
  }

  /** Every planned recipe of the range, at its planned servings; meals already on the list are not added again. */
  async fromMealPlan(userId: string, from: string, to: string): Promise<{ itemsJson: string; changed: number }> {
    return this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const planned = await this.plans.plannedRecipes(tx, userId, from, to);
      const shares: SourcedShare[] = [];
      for (const entry of planned) {
        const factor = scaleFactor(entry.servings, entry.recipeServings);
        for (const [index, line] of detailsOf(entry.ingredients, entry.ingredientDetails).entries()) {
          const share = shareOf(line, factor);
          if (!share) continue;
          shares.push({
            ...share,
            origin: `entry:${entry.entryId}:${index}`,
            entryId: entry.entryId,
            recipeId: entry.recipeId,
            recipeTitle: entry.title,
          });
        }
      }
      const changed = await addShares(tx, this.lists, userId, shares);
      return { itemsJson: await this.lists.listJson(userId, tx), changed };
    });
  }

  /** One recipe at the servings chosen; a replayed `clientId` adds nothing again. */
  async fromRecipe(
    userId: string,
    values: { recipeId: string; servings?: number | null; clientId?: string },
  ): Promise<{ itemsJson: string; changed: number }> {
    return this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const result = await tx.execute<{
        title: string;
        servings: number | null;
        ingredients: string[];
        ingredientDetails: ParsedIngredient[] | null;
      }>(sql`
        SELECT title, servings, ingredients, ingredient_details AS "ingredientDetails" FROM recipes r
        WHERE r.id = ${values.recipeId} AND (r.is_published OR r.author_id = ${userId})`);
      const recipe = result.rows[0];
      if (!recipe) throw notFound(shoppingListMessages.recipeNotFound);
      const factor = scaleFactor(values.servings ?? null, recipe.servings);
      const call = values.clientId ?? randomUUID();
      const shares: SourcedShare[] = [];
      for (const [index, line] of detailsOf(recipe.ingredients, recipe.ingredientDetails).entries()) {
        const share = shareOf(line, factor);
        if (share)
          shares.push({
            ...share,
            origin: `recipe:${call}:${index}`,
            entryId: null,
            recipeId: values.recipeId,
            recipeTitle: recipe.title,
          });
      }
      const changed = await addShares(tx, this.lists, userId, shares);
      return { itemsJson: await this.lists.listJson(userId, tx), changed };
    });
  }

  /** A line typed by hand, read like an ingredient line; a `clientId` seen before answers that line. */
  async addItem(
    userId: string,
    values: { text: string; aisle?: Aisle | null; clientId?: string },
  ): Promise<{ item: ShoppingItem; created: boolean }> {
    return this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      if (values.clientId) {
        const existing = await this.lists.findByClientId(userId, values.clientId, tx);
        if (existing) return { item: toItem(existing), created: false };
      }
      const read = parseIngredientLine(values.text);
      const id = await this.lists.insertManual(tx, userId, {
        clientId: values.clientId ?? null,
        text: values.text,
        quantity: read.quantity,
        unit: read.unit,
        food: read.food,
        aisle: values.aisle === undefined ? aisleOf(read.food ?? values.text) : values.aisle,
      });
      return { item: toItem(await this.lists.find(userId, id, tx)), created: true };
    });
  }

  async updateItem(
    userId: string,
    itemId: string,
    values: { checked?: boolean; text?: string; aisle?: Aisle | null },
  ): Promise<ShoppingItem> {
    const read = values.text === undefined ? undefined : parseIngredientLine(values.text);
    const row = await this.lists.update(userId, itemId, {
      checked: values.checked,
      aisle: values.aisle,
      text:
        values.text === undefined || !read
          ? undefined
          : { text: values.text, quantity: read.quantity, unit: read.unit, food: read.food },
    });
    return toItem(row);
  }
}
