import { ConfigError, loadConfig, type Config } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../db/client.js';
import { EmbeddedPostgresError, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.js';

/** Opens the configured database (starting the embedded one when DATABASE_URL is unset) for a one-off command. */
export async function openDatabase(): Promise<{
  config: Config;
  database: DatabaseHandle;
  close: () => Promise<void>;
}> {
  let config: Config;
  let embedded: EmbeddedDatabase | undefined;
  let url: string;
  try {
    config = loadConfig();
    if (!config.databaseUrl) embedded = await startEmbeddedPostgres(config.dataDir, (line) => console.info(line));
    url = config.databaseUrl ?? embedded?.url ?? '';
  } catch (error) {
    // As at the server's start: a known cause is one line saying what to do, not a stack trace.
    if (error instanceof ConfigError || error instanceof EmbeddedPostgresError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = connectDatabase(url, 2);
  return {
    config,
    database,
    close: async () => {
      await database.close();
      await embedded?.stop();
    },
  };
}
