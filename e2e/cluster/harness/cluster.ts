import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { closeClientConnections } from './client.js';
import { createEmptyDatabase } from './database.js';
import { freePort, startProxy, type Proxy } from './haproxy.js';
import { startInstance, stopInstance, type Instance } from './instance.js';
import { repositoryRoot } from './paths.js';

export const BUCKET = 'forkful-cluster';
export const INSTANCE_NAMES = ['app1', 'app2'] as const;
export type InstanceName = (typeof INSTANCE_NAMES)[number];

/**
 * Whether the built server knows the TRUST_PROXY setting (issue 22, added by the production-core work). Without it
 * every request through the proxy comes from the proxy's own address, and the rate-limit part cannot be shown.
 */
export function serverSupportsTrustProxy(): boolean {
  const config = readFileSync(path.join(repositoryRoot, 'apps', 'server', 'dist', 'config.js'), 'utf8');
  return config.includes('TRUST_PROXY');
}

export interface LocalS3 {
  /** host:port */
  address: string;
  close: () => Promise<void>;
}

/** A real S3-compatible server (s3rver, in a process of its own) on a free loopback port with one empty bucket. */
export async function startS3(): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'forkful-cluster-s3-'));
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url)), directory, BUCKET],
    {
      cwd: repositoryRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  for (let waited = 0; ; waited += 50) {
    const port = /listening (\d+)/.exec(output)?.[1];
    if (port) {
      let closed = false;
      return {
        address: `127.0.0.1:${port}`,
        close: async () => {
          if (closed) return;
          closed = true;
          if (running) child.kill('SIGTERM');
          await exited;
          rmSync(directory, { recursive: true, force: true });
        },
      };
    }
    if (!running || waited > 30_000) {
      child.kill('SIGKILL');
      rmSync(directory, { recursive: true, force: true });
      throw new Error(`s3rver did not start:\n${output}`);
    }
    await sleep(50);
  }
}

export interface Cluster {
  proxy: Proxy;
  databaseUrl: string;
  instance: (name: InstanceName) => Instance;
  /** Starts (or starts again) an instance on its port and waits until the proxy has it in the rotation. */
  start: (name: InstanceName) => Promise<Instance>;
  stop: (name: InstanceName, signal: 'SIGTERM' | 'SIGKILL') => Promise<{ code: number | null; signal: string | null }>;
  /** Everything the instances printed, for a failure's message. */
  logs: () => string;
  close: () => Promise<void>;
}

export interface ClusterOptions {
  /** Settings both instances get on top of the shared ones. */
  env?: Record<string, string>;
}

/**
 * Two Forkful instances on a fresh database of their own, sharing Redis (127.0.0.1:6379 unless REDIS_URL says
 * otherwise), an s3rver bucket and their secrets, behind HAProxy with the deployment's configuration.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const database = await createEmptyDatabase('main');
  const s3 = await startS3();
  const ports = { app1: await freePort(), app2: await freePort() };
  const proxyPort = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    // Both instances must sign and check the same tokens: in a cluster the secrets are settings, not files.
    ACCESS_TOKEN_SECRET: randomBytes(36).toString('base64url'),
    REFRESH_TOKEN_SECRET: randomBytes(36).toString('base64url'),
    REDIS_URL: process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://${s3.address}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PUBLIC_URL: `http://127.0.0.1:${proxyPort}/media`,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    // The load phases send thousands of requests from one address a minute; the limits have a test of their own.
    // HAProxy takes an instance out after two failed checks a second apart; a stopping instance waits past that.
    SHUTDOWN_DRAIN_SECONDS: '3',
    RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_MAX: '100000',
    ...(serverSupportsTrustProxy() ? { TRUST_PROXY: 'true' } : {}),
    ...options.env,
  };
  const dataDirs = {
    app1: mkdtempSync(path.join(tmpdir(), 'forkful-app1-')),
    app2: mkdtempSync(path.join(tmpdir(), 'forkful-app2-')),
  };
  const instances = new Map<InstanceName, Instance>();
  const earlier: string[] = [];
  const launch = (name: InstanceName) => {
    const previous = instances.get(name);
    if (previous) earlier.push(`── ${name} (earlier run) ──\n${previous.output()}`);
    const instance = startInstance(name, ports[name], env, dataDirs[name]);
    instances.set(name, instance);
    return instance;
  };
  // Both at once, as a compose deployment starts them: the migrations must not race.
  const first = [launch('app1'), launch('app2')];
  let proxy: Proxy | undefined;
  try {
    await Promise.all(first.map((instance) => instance.ready()));
    proxy = await startProxy({
      port: proxyPort,
      instances: [`127.0.0.1:${ports.app1}`, `127.0.0.1:${ports.app2}`],
      s3: s3.address,
      bucket: BUCKET,
    });
    await proxy.waitFor('app1', 'UP');
    await proxy.waitFor('app2', 'UP');
  } catch (error) {
    for (const instance of first) await stopInstance(instance, 'SIGKILL');
    await proxy?.stop();
    await s3.close();
    await database.drop();
    throw error;
  }
  const running = proxy;
  const get = (name: InstanceName) => {
    const instance = instances.get(name);
    if (!instance) throw new Error(`${name} was never started`);
    return instance;
  };
  return {
    proxy: running,
    databaseUrl: database.url,
    instance: get,
    start: async (name) => {
      const instance = launch(name);
      await instance.ready();
      await running.waitFor(name, 'UP');
      return instance;
    },
    stop: async (name, signal) => stopInstance(get(name), signal),
    logs: () =>
      [...earlier, ...[...instances].map(([name, instance]) => `── ${name} ──\n${instance.output()}`)].join('\n'),
    close: async () => {
      closeClientConnections();
      for (const instance of instances.values()) await stopInstance(instance, 'SIGKILL');
      await running.stop();
      await s3.close();
      await database.drop();
      for (const folder of Object.values(dataDirs)) rmSync(folder, { recursive: true, force: true });
    },
  };
}
