import {
  createRecipeSchema,
  idSchema,
  randomRecipesQuerySchema,
  recipeCardSchema,
  recipeListQuerySchema,
  recipeListSchema,
  recipeNameParamsSchema,
  recipeViewSchema,
  searchQuerySchema,
  SUGGESTION_LIMIT,
  suggestionSchema,
  updateRecipeSchema,
  messages,
} from '@forkful/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors.js';
import { ok, parseWith, readMultipart, responses, trustedJsonSerializer } from '../../http.js';
import { currentUserId, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services/container.js';
import { parseIngredientLines } from '../../services/ingredients/parse.js';
import { createRecipeForm, recipePhotoForm } from '../multipart-forms.js';
import { publishedRecipePage, visibleRecipe } from './recipe-reads.js';

const idParams = z.object({ id: idSchema });
const userIdParams = z.object({ userId: idSchema });
const cardsSchema = z.object({ recipes: z.array(recipeCardSchema) });
const tags = ['recipes'];

/** Open to visitors; a signed-in caller is identified, so a draft shows to its author. */
const openRecipeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { recipes, map } = services;

  app.get(
    '/:id/view-recipe',
    {
      preHandler: app.identifyUser,
      schema: { tags, params: idParams, response: responses(recipeViewSchema) },
      // The hottest read: its answer is the mapper's, sent as built (http.ts).
      serializerCompiler: trustedJsonSerializer,
    },
    async (request, reply) => ok(reply, await visibleRecipe(services, request.params.id, request.auth?.userId ?? null)),
  );

  app.get(
    '/view-recipe-by-name/:name',
    {
      preHandler: app.identifyUser,
      schema: { tags, params: recipeNameParamsSchema, response: responses(z.array(recipeCardSchema)) },
    },
    async (request, reply) => {
      const rows = await recipes.searchByName(request.params.name, 48);
      return ok(
        reply,
        rows.map((row) => map.recipeCard(row)),
      );
    },
  );

  app.get(
    '/all',
    {
      preHandler: app.identifyUser,
      schema: { tags, querystring: recipeListQuerySchema, response: responses(recipeListSchema) },
    },
    async (request, reply) => ok(reply, await publishedRecipePage(services, request.query.page, request.query.limit)),
  );

  app.get(
    '/created-recipes/:userId',
    { preHandler: app.identifyUser, schema: { tags, params: userIdParams, response: responses(cardsSchema) } },
    async (request, reply) => {
      const rows = await recipes.createdBy(request.params.userId, request.auth?.userId ?? null);
      return ok(reply, { recipes: rows.map((row) => map.recipeCard(row)) });
    },
  );

  app.get(
    '/random-recipes',
    {
      preHandler: app.identifyUser,
      schema: { tags, querystring: randomRecipesQuerySchema, response: responses(cardsSchema) },
    },
    async (request, reply) => {
      const rows = await recipes.random(request.query.limit);
      return ok(reply, { recipes: rows.map((row) => map.recipeCard(row)) });
    },
  );

  app.get(
    '/search',
    {
      preHandler: app.identifyUser,
      schema: {
        tags,
        querystring: searchQuerySchema,
        response: responses(z.object({ recipes: z.array(suggestionSchema) })),
      },
    },
    async (request, reply) => {
      const rows = await recipes.suggest(request.query.query, SUGGESTION_LIMIT);
      return ok(reply, { recipes: rows.map((row) => ({ _id: row.id, title: row.title })) });
    },
  );
};

/** Every route here needs a signed-in user (`signedIn`). */
const signedInRecipeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { recipes, recipePhotos, map, config } = services;

  app.post(
    '/create-recipe',
    {
      schema: {
        tags,
        summary:
          'Create a recipe (multipart: title, introduction, cookingTime, ingredients[], steps[], isPublished, recipePhoto)',
        consumes: ['multipart/form-data'],
        multipartBody: createRecipeForm,
        response: responses(z.object({ _id: z.string() }), 201),
      },
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const form = await readMultipart(request, {
        fileField: 'recipePhoto',
        arrayFields: ['ingredients', 'steps'],
        maxFileBytes: config.maxUploadBytes,
      });
      const values = parseWith(createRecipeSchema, form.fields);
      const id = await recipePhotos.createRecipe(userId, values, form.file?.bytes);
      return ok(reply, { _id: id }, 'Recipe created', 201);
    },
  );

  app.patch(
    '/:id/update-recipe',
    {
      schema: { tags, params: idParams, body: updateRecipeSchema, response: responses(recipeViewSchema) },
    },
    async (request, reply) => {
      const details = parseIngredientLines(request.body.ingredients);
      const row = await recipes.update(request.params.id, currentUserId(request), request.body, details);
      return ok(reply, map.recipe(row), 'Recipe updated');
    },
  );

  app.patch(
    '/:id/update-recipe-photo',
    {
      schema: {
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        multipartBody: recipePhotoForm,
        response: responses(recipeViewSchema),
      },
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      // Check authorship before reading the upload, so a stranger's bytes are never decoded.
      await recipePhotos.assertAuthor(request.params.id, userId);
      const form = await readMultipart(request, { fileField: 'recipePhoto', maxFileBytes: config.maxUploadBytes });
      if (!form.file) throw badRequest(messages.photoRequired);
      const recipe = await recipePhotos.replacePhoto(request.params.id, userId, form.file.bytes);
      return ok(reply, map.recipe(recipe), 'Photo updated');
    },
  );

  app.patch(
    '/:id/delete-recipe-photo',
    { schema: { tags, params: idParams, response: responses(recipeViewSchema) } },
    async (request, reply) => {
      const recipe = await recipePhotos.removePhoto(request.params.id, currentUserId(request));
      return ok(reply, map.recipe(recipe), 'Photo deleted');
    },
  );

  app.delete(
    '/:id/delete-recipe',
    {
      schema: { tags, params: idParams, response: responses(z.object({ _id: z.string() })) },
    },
    async (request, reply) => {
      await recipePhotos.deleteRecipe(request.params.id, currentUserId(request));
      return ok(reply, { _id: request.params.id }, 'Recipe deleted');
    },
  );

  app.post(
    '/:id/save-recipe',
    {
      schema: { tags, params: idParams, response: responses(z.object({ recipe: recipeCardSchema })) },
    },
    async (request, reply) => {
      const row = await recipes.save(request.params.id, currentUserId(request));
      return ok(reply, { recipe: map.recipeCard(row) }, 'Recipe saved');
    },
  );

  app.delete(
    '/:id/unsave-recipe',
    {
      schema: { tags, params: idParams, response: responses(z.object({ recipe: recipeCardSchema })) },
    },
    async (request, reply) => {
      const row = await recipes.unsave(request.params.id, currentUserId(request));
      return ok(reply, { recipe: map.recipeCard(row) }, 'Recipe removed from saved recipes');
    },
  );

  app.get('/saved-recipes', { schema: { tags, response: responses(cardsSchema) } }, async (request, reply) => {
    const rows = await recipes.savedBy(currentUserId(request));
    return ok(reply, { recipes: rows.map((row) => map.recipeCard(row)) });
  });

  app.get(
    '/:id/check-saved',
    {
      schema: { tags, params: idParams, response: responses(z.object({ isSaved: z.boolean() })) },
    },
    async (request, reply) => {
      const isSaved = await recipes.isSaved(request.params.id, currentUserId(request));
      return ok(reply, { isSaved });
    },
  );
};

export const recipeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await app.register(openRecipeRoutes, { services });
  await app.register(signedIn(signedInRecipeRoutes), { services });
};
