import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { connectDatabase } from './db/client.js';
import { EmbeddedPostgresError, isNewDataFolder, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { drain } from './lifecycle/draining.js';
import { backfillIngredientDetails } from './services/ingredients/backfill.js';
import { hasUsers } from './seed/demo.js';
import { seedInChildProcess, startEarlySeed } from './seed/in-child.js';

const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Keeps count of the requests each connection is answering, so that a shutdown can close every connection that
 * carries none at once. Node's own closeIdleConnections() misses a connection that has not sent its first request
 * yet (browsers open such spare connections ahead of time), and one whose in-flight request ends after the server
 * began closing; either held the exit until the force timer.
 */
function trackConnections(server: Server): { closeIdle: () => void } {
  const inFlight = new Map<Socket, number>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      if (closing && left === 0) socket.end();
    });
  });
  return {
    closeIdle: () => {
      closing = true;
      for (const [socket, count] of inFlight) if (count === 0) socket.end();
    },
  };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // A new embedded data folder is certain to get the demo: it is drawn while PostgreSQL is being created.
  const earlySeed =
    !config.databaseUrl && config.seedDemo && isNewDataFolder(config.dataDir) ? startEarlySeed() : undefined;
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  let database: ReturnType<typeof connectDatabase>;
  try {
    if (!databaseUrl) {
      console.info(`Starting the embedded PostgreSQL in ${config.dataDir}/pg …`);
      embedded = await startEmbeddedPostgres(config.dataDir, (line) => console.info(line));
      databaseUrl = embedded.url;
    }
    database = connectDatabase(databaseUrl, config.databasePoolMax, (error) =>
      console.error(`database connection error (the pool will reconnect): ${error.message}`),
    );
    await runMigrations(database.db);
  } catch (error) {
    await earlySeed?.cancel();
    throw error;
  }
  if (earlySeed) await earlySeed.seed(databaseUrl);
  else if (config.seedDemo && !(await hasUsers(database.db))) await seedInChildProcess(databaseUrl);

  const app = await buildApp({ config, db: database.db });
  // Recipes stored before migration 0004 get their parsed ingredients in the background; until then they are
  // parsed on read (docs/decisions/021), so the server need not wait.
  backfillIngredientDetails(database.db).then(
    (filled) => {
      if (filled > 0) app.log.info(`parsed the ingredients of ${filled} recipes stored before this version`);
    },
    (error: unknown) => app.log.error({ err: error }, 'filling parsed ingredients stopped; they are parsed on read'),
  );

  const connections = trackConnections(app.server);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const drainSeconds = config.shutdownDrainSeconds;
    if (drainSeconds > 0) {
      // Readiness fails while requests are still served, so the proxy takes this instance out before its port closes.
      app.log.info(`${signal} received: draining for ${drainSeconds} s (readiness answers 503)`);
      await drain(drainSeconds);
    }
    app.log.info(`${signal} received: finishing in-flight requests`);
    const deadline = setTimeout(() => {
      console.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    connections.closeIdle();
    try {
      await app.close();
      await database.close();
      await embedded?.stop();
    } finally {
      clearTimeout(deadline);
      process.exit(0);
    }
  };
  // Starting the embedded PostgreSQL hooks these signals to stop it and exit at once (code 143), cutting in-flight
  // requests short. This shutdown drains them first, then stops the embedded PostgreSQL itself.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.removeAllListeners(signal);
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.info(`Forkful is serving at http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  // A start-up failure with a known cause is one line saying what to do, not a stack trace.
  if (error instanceof EmbeddedPostgresError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
