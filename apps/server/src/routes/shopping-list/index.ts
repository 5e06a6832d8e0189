import {
  clearCheckedResponseSchema,
  createShoppingItemSchema,
  deletedItemSchema,
  fromMealPlanSchema,
  fromRecipeSchema,
  shoppingItemParamsSchema,
  shoppingItemSchema,
  shoppingListChangeSchema,
  shoppingListSchema,
  updateShoppingItemSchema,
} from '@forkful/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http.js';
import { currentUserId, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services/container.js';
import { plannerServices } from '../../services/planner.js';
import { sendListAnswer } from './list-answer.js';

const tags = ['shopping-list'];

/** Every route here needs a signed-in user, and reads or changes that user's list only. */
const signedInShoppingListRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { shoppingList, lists } = plannerServices(services);

  app.get(
    '/',
    {
      schema: { tags, summary: "The user's shopping list", response: responses(shoppingListSchema) },
    },
    async (request, reply) => sendListAnswer(reply, await shoppingList.listJson(currentUserId(request)), 'Success'),
  );

  app.post(
    '/from-meal-plan',
    {
      schema: {
        tags,
        summary: 'Adds every planned recipe of a date range (at most 62 days); meals already added are skipped',
        body: fromMealPlanSchema,
        response: responses(shoppingListChangeSchema),
      },
    },
    async (request, reply) => {
      const { from, to } = request.body;
      const { itemsJson, changed } = await shoppingList.fromMealPlan(currentUserId(request), from, to);
      return sendListAnswer(reply, itemsJson, 'Added to the list', { changed });
    },
  );

  app.post(
    '/from-recipe',
    {
      schema: {
        tags,
        summary: "Adds a recipe's ingredients at the servings chosen (a replayed clientId adds nothing)",
        body: fromRecipeSchema,
        response: responses(shoppingListChangeSchema),
      },
    },
    async (request, reply) => {
      const { itemsJson, changed } = await shoppingList.fromRecipe(currentUserId(request), request.body);
      return sendListAnswer(reply, itemsJson, 'Added to the list', { changed });
    },
  );

  app.post(
    '/items',
    {
      schema: {
        tags,
        summary: 'Adds a line typed by hand (a replayed clientId answers 200 with the same line)',
        body: createShoppingItemSchema,
        response: { ...responses(shoppingItemSchema, 201), 200: responses(shoppingItemSchema)[200] },
      },
    },
    async (request, reply) => {
      const { item, created } = await shoppingList.addItem(currentUserId(request), request.body);
      return created ? ok(reply, item, 'Added', 201) : ok(reply, item, 'Already added');
    },
  );

  app.patch(
    '/items/:itemId',
    {
      schema: {
        tags,
        summary: 'Ticks, renames or files a line under an aisle (only the fields sent change)',
        params: shoppingItemParamsSchema,
        body: updateShoppingItemSchema,
        response: responses(shoppingItemSchema),
      },
    },
    async (request, reply) =>
      ok(reply, await shoppingList.updateItem(currentUserId(request), request.params.itemId, request.body), 'Updated'),
  );

  app.delete(
    '/items/:itemId',
    {
      schema: {
        tags,
        summary: 'Removes a line (404 when it is not there: an offline queue counts that as done)',
        params: shoppingItemParamsSchema,
        response: responses(deletedItemSchema),
      },
    },
    async (request, reply) => {
      await lists.delete(currentUserId(request), request.params.itemId);
      return ok(reply, { _id: request.params.itemId }, 'Removed');
    },
  );

  app.delete(
    '/checked',
    {
      schema: {
        tags,
        summary: 'Removes every ticked line',
        response: responses(clearCheckedResponseSchema),
      },
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const deleted = await lists.deleteChecked(userId);
      return sendListAnswer(reply, await lists.listJson(userId), 'Ticked lines cleared', { deleted });
    },
  );
};

export const shoppingListRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await app.register(signedIn(signedInShoppingListRoutes), { services });
};
