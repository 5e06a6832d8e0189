import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repositoryRoot } from './paths.js';

/** The configuration every deployment shares (compose loads it too); the test adds only a plain-HTTP frontend. */
export const sharedConfig = path.join(repositoryRoot, 'deploy', 'haproxy', 'forkful.cfg');

export function haproxyBinary(): string {
  const found = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((file) => existsSync(file));
  if (!found) throw new Error("HAProxy not found: install it with 'apt-get install -y haproxy' (.ci/run does)");
  return found;
}

export interface Proxy {
  /** http://127.0.0.1:port */
  base: string;
  /** 'UP', 'DOWN', 'MAINT', … of a backend server (app1, app2), from the runtime API. */
  state: (server: string) => Promise<string>;
  waitFor: (server: string, state: 'UP' | 'DOWN', timeoutMs?: number) => Promise<void>;
  output: () => string;
  stop: () => Promise<void>;
}

/** Sends one command to HAProxy's runtime API (the admin socket) and returns its answer. */
function runtimeCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socket);
    let answer = '';
    connection.on('connect', () => connection.end(`${command}\n`));
    connection.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
  });
}

/**
 * Starts HAProxy in the foreground with the shared configuration and a frontend on `port` that also names the
 * answering instance in `X-Served-By` (tests check where each request went).
 */
export async function startProxy(options: {
  port: number;
  instances: [string, string];
  s3: string;
  bucket: string;
}): Promise<Proxy> {
  const directory = mkdtempSync(path.join(tmpdir(), 'forkful-haproxy-'));
  const socket = path.join(directory, 'admin.sock');
  const frontend = path.join(directory, 'frontend.cfg');
  writeFileSync(
    frontend,
    [
      'frontend web',
      `    bind 127.0.0.1:${options.port}`,
      '    option forwardfor',
      // The client's own header is replaced, never appended to: the instances see only the address HAProxy saw.
      '    http-request set-header X-Forwarded-For %[src]',
      '    http-request set-header X-Forwarded-Proto http',
      '    http-response set-header X-Served-By %[srv_name]',
      '    use_backend media if { path_beg /media/ }',
      '    default_backend forkful',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(haproxyBinary(), ['-db', '-f', sharedConfig, '-f', frontend], {
    env: {
      PATH: process.env.PATH ?? '',
      FORKFUL_APP1: options.instances[0],
      FORKFUL_APP2: options.instances[1],
      FORKFUL_S3: options.s3,
      FORKFUL_BUCKET: options.bucket,
      HAPROXY_ADMIN_SOCKET: socket,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const state = async (server: string): Promise<string> => {
    const csv = await runtimeCommand(socket, 'show stat');
    for (const line of csv.split('\n')) {
      const fields = line.split(',');
      if (fields[0] === 'forkful' && fields[1] === server) return fields[17] ?? '';
    }
    throw new Error(`HAProxy does not know the server ${server}`);
  };

  for (let waited = 0; !existsSync(socket); waited += 50) {
    if (!running || waited > 10_000) {
      child.kill('SIGKILL');
      throw new Error(`HAProxy did not start:\n${output}`);
    }
    await sleep(50);
  }
  return {
    base: `http://127.0.0.1:${options.port}`,
    state,
    waitFor: async (server, wanted, timeoutMs = 30_000) => {
      const started = Date.now();
      for (;;) {
        const now = await state(server);
        // 'UP 1/2' is a server coming up (one good check of two): not yet in the rotation.
        if (now === wanted) return;
        if (Date.now() - started > timeoutMs) throw new Error(`${server} stayed ${now}, not ${wanted}`);
        await sleep(100);
      }
    },
    output: () => output,
    stop: async () => {
      if (running) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A free TCP port on the loopback interface (listened on, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
