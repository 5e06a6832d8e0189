import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { RecipeRepository } from '../repositories/recipes.js';
import { ReviewRepository } from '../repositories/reviews.js';
import { SessionRepository } from '../repositories/sessions.js';
import { UserRepository } from '../repositories/users.js';
import { ImageService } from './images.js';
import { Mappers } from './mappers.js';
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
}

export function createServices(config: Config, db: Database): Services {
  const storage = createFileStorage(config);
  const images = new ImageService(storage);
  return {
    config,
    db,
    users: new UserRepository(db),
    recipes: new RecipeRepository(db),
    reviews: new ReviewRepository(db),
    sessions: new SessionRepository(db, config.refreshTokenSecret, config.refreshTokenTtlDays),
    images,
    map: new Mappers(images),
  };
}
