// `npm run db:migrate`: applies pending migrations (the server also does this at every start).
import { runMigrations } from '../db/migrate.js';
import { openDatabase } from './database.js';

const { database, close } = await openDatabase();
try {
  await runMigrations(database.db);
  console.info('Migrations applied.');
} finally {
  await close();
}
