import { loadConfig, type Config } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.js';

/** Opens the configured database (starting the embedded one when DATABASE_URL is unset) for a one-off command. */
export async function openDatabase(): Promise<{
  config: Config;
  database: DatabaseHandle;
  close: () => Promise<void>;
}> {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, (line) => console.info(line));
    url = embedded.url;
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
