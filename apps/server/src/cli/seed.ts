// `npm run db:seed`: migrates, then seeds demo content if the database is empty (the server does this at start).
import { runMigrations } from '../db/migrate.js';
import { seedDemoContent } from '../seed/demo.js';
import { openDatabase } from './database.js';

const { config, database, close } = await openDatabase();
try {
  await runMigrations(database.db);
  await seedDemoContent(database.db, config, (line: string) => console.info(line));
} finally {
  await close();
}
