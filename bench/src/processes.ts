import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface Running {
  pid: number;
  port: number;
  baseUrl: string;
  /** Milliseconds from spawn until the ready URL answered 200. */
  startMs: number;
  stop: () => Promise<void>;
  output: () => string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Spawns a process that serves HTTP on `port` and waits (bounded) until `readyPath` answers 200. */
export async function startProcess(options: {
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  timeoutMs?: number;
}): Promise<Running> {
  const started = performance.now();
  const child = spawn(process.execPath, options.args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await Promise.race([exited(child), sleep(20_000)]);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
  };
  const deadline = started + (options.timeoutMs ?? 120_000);
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before it was ready:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}${options.readyPath}`);
      if (response.status === 200) {
        return {
          pid: child.pid ?? 0,
          port: options.port,
          baseUrl,
          startMs: performance.now() - started,
          stop,
          output: () => output,
        };
      }
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  await stop();
  throw new Error(`not ready within ${options.timeoutMs ?? 120_000} ms:\n${output}`);
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 4 (ppid) comes after the command name in parentheses, which may itself contain spaces.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** A process and all its descendants (the embedded PostgreSQL postmaster and its backends, for the app). */
export function processTree(root: number): number[] {
  const pids = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree: number[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function kilobytes(file: string, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(file, 'utf8'));
    return Number(match?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export interface MemoryUse {
  processes: number;
  rssMb: number;
  /** Proportional set size: shared pages (PostgreSQL's shared buffers) split between the processes using them. */
  pssMb: number;
  nodeRssMb: number;
}

export function memoryOf(root: number): MemoryUse {
  const tree = processTree(root);
  const rss = tree.reduce((sum, pid) => sum + kilobytes(`/proc/${pid}/status`, 'VmRSS'), 0);
  const pss = tree.reduce((sum, pid) => sum + kilobytes(`/proc/${pid}/smaps_rollup`, 'Pss'), 0);
  return {
    processes: tree.length,
    rssMb: rss / 1024,
    pssMb: pss / 1024,
    nodeRssMb: kilobytes(`/proc/${root}/status`, 'VmRSS') / 1024,
  };
}
