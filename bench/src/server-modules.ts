import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const serverMain = path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');
export const webDist = path.join(repoRoot, 'apps', 'web', 'dist');

// The bench drives the server's own build, so it uses the compiled modules rather than compiling the server's
// sources into this project: the same migrations, embedded PostgreSQL start-up and password hashing the app runs.
interface DatabaseHandle {
  db: unknown;
  close: () => Promise<void>;
}
export interface EmbeddedDatabase {
  url: string;
  adminUrl: string;
  stop: () => Promise<void>;
}
interface ServerModules {
  connectDatabase: (url: string, max?: number) => DatabaseHandle;
  runMigrations: (db: unknown) => Promise<void>;
  startEmbeddedPostgres: (dataDir: string, log?: (line: string) => void) => Promise<EmbeddedDatabase>;
  hashPassword: (password: string) => Promise<string>;
}

/** A module of the server's build, by its path under apps/server/dist. */
export async function serverModule<T>(relative: string): Promise<T> {
  return (await import(pathToFileURL(path.join(repoRoot, 'apps', 'server', 'dist', relative)).href)) as T;
}

let modules: Promise<ServerModules> | undefined;
export function serverModules(): Promise<ServerModules> {
  modules ??= (async () => {
    const [client, migrate, embedded, passwords] = await Promise.all([
      serverModule<Pick<ServerModules, 'connectDatabase'>>('db/client.js'),
      serverModule<Pick<ServerModules, 'runMigrations'>>('db/migrate.js'),
      serverModule<Pick<ServerModules, 'startEmbeddedPostgres'>>('db/embedded.js'),
      serverModule<Pick<ServerModules, 'hashPassword'>>('services/passwords.js'),
    ]);
    return { ...client, ...migrate, ...embedded, ...passwords };
  })();
  return modules;
}

/** The row-to-JSON mapping the server uses (services/mappers.ts), for the ceiling server's answers. */
export interface RowMappers {
  avatar: (avatarKey: string | null) => unknown;
  recipeCard: (row: never) => unknown;
  recipe: (row: never) => unknown;
  review: (row: never) => unknown;
}

export async function serverMappers(): Promise<RowMappers> {
  const [{ Mappers }, { ImageService }, { LocalFileStorage }] = await Promise.all([
    serverModule<{ Mappers: new (images: unknown) => RowMappers }>('services/mappers.js'),
    serverModule<{ ImageService: new (storage: unknown) => unknown }>('services/images.js'),
    serverModule<{ LocalFileStorage: new (dir: string) => unknown }>('services/storage.js'),
  ]);
  // Only URLs are built from the storage: the folder is never touched.
  return new Mappers(new ImageService(new LocalFileStorage(path.join(repoRoot, 'data', 'uploads'))));
}

/** Runs one SQL statement: the search module's only way to the database. */
export type Run = <Row>(text: string, params: unknown[]) => Promise<Row[]>;

/** The server's search (repositories/search.ts): the ceiling and the plans run exactly its statements. */
export interface SearchModule {
  suggestTitles: (run: Run, query: string, limit: number) => Promise<Array<{ id: string; title: string }>>;
  searchRecipes: <Row>(run: Run, name: string, limit: number) => Promise<Row[]>;
}

export function serverSearch(): Promise<SearchModule> {
  return serverModule<SearchModule>('repositories/search.js');
}

/** Migrates a database with the server's forward-only migrations. */
export async function migrate(url: string): Promise<void> {
  const { connectDatabase, runMigrations } = await serverModules();
  const handle = connectDatabase(url, 2);
  try {
    await runMigrations(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * Builds the server (incremental tsc, cheap when up to date) and the web bundle when it is missing. A web bundle
 * that exists is used as it is: the web app may be mid-change, and the bench measures what was last built.
 */
export function buildIfMissing(log: (line: string) => void): { webBuiltNow: boolean } {
  const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  log('building the server (tsc -b apps/server)');
  execFileSync(process.execPath, [tsc, '-b', 'apps/server'], { cwd: repoRoot, stdio: 'inherit' });
  if (existsSync(path.join(webDist, 'index.html'))) return { webBuiltNow: false };
  log('building the web app (no apps/web/dist yet)');
  execFileSync('npm', ['run', 'build', '-w', '@forkful/web'], { cwd: repoRoot, stdio: 'inherit' });
  return { webBuiltNow: true };
}
