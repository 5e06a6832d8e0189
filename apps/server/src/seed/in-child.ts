// Demo content is seeded by a child process (cli/seed), not by the server itself: encoding the demo photos with
// sharp leaves the process that did it about 60 MB larger for good (glibc keeps what libvips freed), and the server
// is meant to idle small. The child exits when done and its memory goes with it.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

function spawnSeed(env: NodeJS.ProcessEnv, ipc: boolean): ChildProcess {
  // The sibling file in the same form this module runs as: dist/cli/seed.js, or src/cli/seed.ts under tsx (whose
  // loader flags come along in execArgv; a test runner's do not, so tsx is added).
  const fromSource = import.meta.url.endsWith('.ts');
  const script = fileURLToPath(new URL(`../cli/seed${fromSource ? '.ts' : '.js'}`, import.meta.url));
  const loader = fromSource && !process.execArgv.some((flag) => flag.includes('tsx')) ? ['--import', 'tsx'] : [];
  return spawn(process.execPath, [...process.execArgv, ...loader, script], {
    stdio: ipc ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
    env: { ...process.env, ...env },
  });
}

function finished(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`demo seeding failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

export function seedInChildProcess(databaseUrl: string): Promise<void> {
  return finished(spawnSeed({ DATABASE_URL: databaseUrl }, false));
}

export interface EarlySeed {
  /** Hands the child the created and migrated database; resolves when the demo content is in. */
  seed(databaseUrl: string): Promise<void>;
  /** The server could not start: the child removes the images it stored and exits (the promise: once it has). */
  cancel(): Promise<void>;
}

/**
 * For a new embedded data folder, whose database is certain to be empty: the child encodes the demo photos (most
 * of the seeding time) while PostgreSQL is initialised, started and migrated, instead of after.
 */
export function startEarlySeed(env: NodeJS.ProcessEnv = {}): EarlySeed {
  const child = spawnSeed({ ...env, FORKFUL_SEED_EARLY: '1' }, true);
  const done = finished(child);
  done.catch(() => undefined);
  return {
    seed(databaseUrl) {
      // A child that already failed has said why in `done`.
      if (child.connected) child.send({ databaseUrl });
      return done;
    },
    cancel() {
      if (child.connected) child.disconnect();
      return done.then(
        () => undefined,
        () => undefined,
      );
    },
  };
}
