import type { CreateRecipeValues } from '@forkful/contracts';
import type { RecipeRepository, RecipeRow } from '../repositories/recipes.js';
import type { ImageService, ImageSource } from './images.js';
import { writeWithImage } from './image-writes.js';
import { parseIngredientLines } from './ingredients/parse.js';

/** The recipe changes that touch its photo's files as well as its row: each a row and its files, both or neither. */
export class RecipePhotoService {
  constructor(
    private readonly recipes: RecipeRepository,
    private readonly images: ImageService,
  ) {}

  /** Creates a recipe, with a photo when one was sent; returns its id. */
  createRecipe(authorId: string, values: CreateRecipeValues, photo: ImageSource | undefined): Promise<string> {
    const details = parseIngredientLines(values.ingredients);
    return writeWithImage(this.images, 'recipe', photo && { bytes: photo }, async (photoKey) => ({
      result: await this.recipes.create(authorId, values, photoKey, details),
      replacedKey: null,
    }));
  }

  /** Throws unless `userId` may change the recipe: called before its upload is read, so a stranger's is never decoded. */
  assertAuthor(id: string, userId: string): Promise<void> {
    return this.recipes.assertAuthor(id, userId);
  }

  /** Puts a new photo on the recipe; the one it had goes. */
  replacePhoto(id: string, userId: string, photo: ImageSource): Promise<RecipeRow> {
    return this.setPhoto(id, userId, photo);
  }

  removePhoto(id: string, userId: string): Promise<RecipeRow> {
    return this.setPhoto(id, userId, undefined);
  }

  async deleteRecipe(id: string, userId: string): Promise<void> {
    await writeWithImage(this.images, 'recipe', undefined, async () => ({
      result: undefined,
      replacedKey: (await this.recipes.delete(id, userId)).photoKey,
    }));
  }

  private setPhoto(id: string, userId: string, photo: ImageSource | undefined): Promise<RecipeRow> {
    return writeWithImage(this.images, 'recipe', photo && { bytes: photo }, async (photoKey) => {
      const { recipe, previousKey } = await this.recipes.replacePhotoKey(id, userId, photoKey);
      return { result: recipe, replacedKey: previousKey };
    });
  }
}
