import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repositoryRoot, serverMain } from './paths.js';

export interface Instance {
  name: string;
  port: number;
  /** http://127.0.0.1:port, the instance itself (not through the proxy). */
  base: string;
  /** The instance's own data folder (secrets are settings in a cluster; nothing in it is shared). */
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once /api/v1/health/ready answers 200; rejects if the process exits first. */
  ready: () => Promise<void>;
}

/**
 * Starts the built server (`node apps/server/dist/main.js`) on a fixed loopback port, as a deployment does: it
 * migrates at start-up, then listens. `dataDir` is the instance's own folder; everything shared is in `env`.
 */
export function startInstance(name: string, port: number, env: Record<string, string>, dataDir?: string): Instance {
  const directory = dataDir ?? mkdtempSync(path.join(tmpdir(), `forkful-${name}-`));
  const child = spawn(process.execPath, [serverMain], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      MALLOC_ARENA_MAX: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: directory,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let running = true;
  void exited.then(() => (running = false));
  const base = `http://127.0.0.1:${port}`;
  return {
    name,
    port,
    base,
    dataDir: directory,
    child,
    output: () => output,
    exited,
    ready: async () => {
      for (let waited = 0; ; waited += 100) {
        if (!running) throw new Error(`${name} exited before it was ready:\n${output}`);
        if (waited > 90_000) throw new Error(`${name} was not ready after 90 s:\n${output}`);
        const status = await fetch(`${base}/api/v1/health/ready`).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 200) return;
        await sleep(100);
      }
    },
  };
}

/** Stops an instance with `signal` and waits for the process to end. */
export async function stopInstance(
  instance: Instance,
  signal: 'SIGTERM' | 'SIGKILL',
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill(signal);
  return instance.exited;
}

export function removeFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}
