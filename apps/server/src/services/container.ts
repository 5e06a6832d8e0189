import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { RecipeRepository } from '../repositories/recipes.js';
import { RecommendationRepository } from '../repositories/recommendations.js';
import { ReviewRepository } from '../repositories/reviews.js';
import { SessionRepository } from '../repositories/sessions.js';
import { UserRepository } from '../repositories/users.js';
import { AccountService } from './accounts.js';
import { ImageService } from './images.js';
import { Mappers } from './mappers.js';
import { RecipePhotoService } from './recipe-photos.js';
import { RecommendationService } from './recommendations.js';
import { createFileStorage } from './storage.js';

/** The app services, built once per app instance and handed to routes. */
export interface Services {
  config: Config;
  db: Database;
  users: UserRepository;
  recipes: RecipeRepository;
  reviews: ReviewRepository;
  sessions: SessionRepository;
  images: ImageService;
  map: Mappers;
  /** Workflows over several rows, or rows and files: routes call these rather than repeat their steps. */
  accounts: AccountService;
  recipePhotos: RecipePhotoService;
  /** Issue 19: reads of the precomputed recommendation tables. */
  recommendations: RecommendationService;
}

/** `onBackgroundError`: where work done after a request was answered tells its failure (the app's log). */
export function createServices(
  config: Config,
  db: Database,
  onBackgroundError: (error: unknown) => void = () => undefined,
): Services {
  const storage = createFileStorage(config);
  const images = new ImageService(storage);
  const users = new UserRepository(db);
  const recipes = new RecipeRepository(db);
  const sessions = new SessionRepository(db, config.refreshTokenSecret, config.refreshTokenTtlDays);
  return {
    config,
    db,
    users,
    recipes,
    reviews: new ReviewRepository(db),
    sessions,
    images,
    map: new Mappers(images),
    accounts: new AccountService(db, users, sessions, images),
    recipePhotos: new RecipePhotoService(recipes, images),
    recommendations: new RecommendationService(
      new RecommendationRepository(db),
      new Mappers(images),
      onBackgroundError,
    ),
  };
}
