// `npm run db:seed`: migrates, then seeds demo content if the database is empty (the server does this at start).
// Started by the server with FORKFUL_SEED_EARLY=1 (seed/in-child.ts), it stores the demo's images first and is told the
// database's address over IPC once the server has created and migrated it.
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { discardDemoContent, insertDemoContent, prepareDemoContent, seedDemoContent } from '../seed/demo.js';
import { openDatabase } from './database.js';

const log = (line: string) => console.info(line);

async function seedEarly(): Promise<void> {
  const config = loadConfig();
  log('New data folder: preparing the demo content while PostgreSQL is created …');
  const preparing = prepareDemoContent(config);
  preparing.catch(() => undefined);
  // The address, or null when the server gave up (it failed to start, or went away).
  const databaseUrl = await new Promise<string | null>((resolve) => {
    if (!process.connected) return resolve(null);
    process.once('message', (message: { databaseUrl?: unknown }) =>
      resolve(typeof message.databaseUrl === 'string' ? message.databaseUrl : null),
    );
    process.once('disconnect', () => resolve(null));
  });
  const prepared = await preparing;
  if (!databaseUrl) {
    await discardDemoContent(prepared);
    console.error('Demo content discarded: the server stopped before its database was ready.');
    process.exitCode = 1;
    return;
  }
  const database = connectDatabase(databaseUrl, 2);
  try {
    await insertDemoContent(database.db, prepared, log);
  } finally {
    await database.close();
  }
}

if (process.env.FORKFUL_SEED_EARLY === '1') {
  try {
    await seedEarly();
  } finally {
    if (process.connected) process.disconnect();
  }
} else {
  const { config, database, close } = await openDatabase();
  try {
    await runMigrations(database.db);
    await seedDemoContent(database.db, config, log);
  } finally {
    await close();
  }
}
