// What can be checked of the container files without a Docker daemon (none runs on these machines): compose.yaml
// parses and wires the services together, HAProxy accepts the compose configuration, and the Dockerfile's steps are
// the commands CI runs. docs/deploy.md says plainly what was not run.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { haproxyBinary, sharedConfig } from './harness/haproxy.js';
import { repositoryRoot } from './harness/paths.js';

const run = promisify(execFile);
const read = (file: string) => readFileSync(path.join(repositoryRoot, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const service = (name: string): Service => {
  const found = services[name];
  if (!found) throw new Error(`compose.yaml has no service ${name}`);
  return found;
};

/** Every variable the server reads: the configuration schema (the only place that reads the environment). */
function serverVariables(): Set<string> {
  const names = new Set<string>();
  for (const match of read('apps/server/src/config.ts').matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g))
    names.add(match[1] ?? '');
  return names;
}

describe('compose.yaml', () => {
  it('has the database, two instances, Redis, MinIO with its bucket, and the proxy', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['certs', 'forkful-1', 'forkful-2', 'minio', 'minio-bucket', 'postgres', 'proxy', 'redis'].sort(),
    );
    for (const name of ['postgres', 'redis', 'minio']) expect(service(name).healthcheck, name).toBeDefined();
  });

  it('gives both instances the same settings, all of them ones the server reads', () => {
    const one = service('forkful-1');
    const two = service('forkful-2');
    expect(two).toEqual(one);
    expect(one.build).toBe('.');
    const env = one.environment ?? {};
    const known = serverVariables();
    for (const name of Object.keys(env)) expect(known.has(name), `${name} is not a Forkful setting`).toBe(true);
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(env.S3_ENDPOINT).toBe('http://minio:9000');
    expect(env.ACCESS_TOKEN_SECRET).toMatch(/^\$\{ACCESS_TOKEN_SECRET:\?/);
    expect(env.REFRESH_TOKEN_SECRET).toMatch(/^\$\{REFRESH_TOKEN_SECRET:\?/);
    expect(env.COOKIE_SECURE).toBe('true');
    expect(env.TRUST_PROXY).toBe('1');
    expect(env.S3_PUBLIC_URL).toMatch(/^https:\/\/.*\/media$/);
    expect(Number(env.SHUTDOWN_DRAIN_SECONDS)).toBeGreaterThanOrEqual(3);
    expect(one.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'minio-bucket': { condition: 'service_completed_successfully' },
    });
  });

  it('creates the bucket the instances use and the proxy serves', () => {
    const bucket = service('forkful-1').environment?.S3_BUCKET ?? '';
    const script = (service('minio-bucket').entrypoint ?? []).join(' ');
    expect(script).toContain(`mc mb --ignore-existing local/${bucket}`);
    expect(script).toContain(`mc anonymous set download local/${bucket}`);
    expect(service('proxy').environment?.FORKFUL_BUCKET).toBe(bucket);
  });

  it('points the proxy at both instances on the port the image listens on', () => {
    const port = /^\s+PORT=(\d+)/m.exec(read('Dockerfile'))?.[1];
    const proxy = service('proxy');
    expect(proxy.environment).toMatchObject({
      FORKFUL_APP1: `forkful-1:${port}`,
      FORKFUL_APP2: `forkful-2:${port}`,
      FORKFUL_S3: 'minio:9000',
    });
    expect(proxy.volumes).toContain('./deploy/haproxy:/usr/local/etc/haproxy:ro');
    for (const file of (proxy.command ?? []).filter((part) => part.startsWith('/usr/local/etc/haproxy/'))) {
      expect(existsSync(path.join(repositoryRoot, 'deploy', 'haproxy', path.basename(file))), file).toBe(true);
    }
    expect(proxy.ports).toEqual(['80:8080', '443:8443']);
  });
});

describe('HAProxy configuration', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'forkful-haproxy-check-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("is accepted by HAProxy as compose loads it (a throw-away certificate in the certificate's place)", async () => {
    const key = path.join(work, 'key.pem');
    const certificate = path.join(work, 'cert.pem');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      key,
      '-out',
      certificate,
    ]);
    const pem = path.join(work, 'site.pem');
    writeFileSync(pem, readFileSync(certificate, 'utf8') + readFileSync(key, 'utf8'));
    const https = path.join(work, 'https.cfg');
    writeFileSync(https, read('deploy/haproxy/https.cfg').replaceAll('/certs/site.pem', pem));
    const { stdout } = await run(haproxyBinary(), ['-c', '-f', sharedConfig, '-f', https], {
      env: {
        PATH: process.env.PATH ?? '',
        ...service('proxy').environment,
        HAPROXY_ADMIN_SOCKET: path.join(work, 'admin.sock'),
      },
    });
    expect(stdout).toContain('Configuration file is valid');
  });

  it('forwards only the address HAProxy saw, as the tested frontend does', () => {
    const https = read('deploy/haproxy/https.cfg');
    const harness = read('e2e/cluster/harness/haproxy.ts');
    for (const line of [
      'http-request set-header X-Forwarded-For %[src]',
      'use_backend media if { path_beg /media/ }',
      'default_backend forkful',
    ]) {
      expect(https, line).toContain(line);
      expect(harness, line).toContain(line);
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const stage = (name: string) => {
    const found = stages.find((text) => new RegExp(`^\\S+ AS ${name}\\b`).test(text));
    if (!found) throw new Error(`the Dockerfile has no stage ${name}`);
    return found;
  };
  /** A stage's text after the text of the stages it is built on (`FROM <stage> AS …`). */
  const withBases = (name: string): string => {
    const text = stage(name);
    const base = /^(\S+) AS /.exec(text)?.[1] ?? '';
    const named = stages.some((other) => other.replace(/\n[\s\S]*/, '').endsWith(` AS ${base}`));
    return named ? `${withBases(base)}\n${text}` : text;
  };
  const runs = (text: string) => [...text.matchAll(/^RUN ((?:[^\n]*\\\n)*[^\n]*)/gm)].map((match) => match[1] ?? '');

  it("builds with the commands CI runs: .ci/run's npm ci, then scripts/test.mjs's npm run build", () => {
    expect(runs(stage('build'))).toEqual(['npm ci --no-audit --no-fund', 'npm run build']);
    expect(read('.ci/run')).toMatch(/^npm ci --no-audit --no-fund$/m);
    expect(read('scripts/test.mjs')).toContain("['build', 'npm', ['run', 'build']]");
  });

  it('installs only production dependencies for the image, with the same lock file', () => {
    const [install, ...more] = runs(stage('production-dependencies'));
    expect(more).toEqual([]);
    // CI's command, without development dependencies, for the workspaces the running server loads.
    expect(install?.replace(/\s*\\\n\s*/g, ' ')).toBe(
      'npm ci --omit=dev --no-audit --no-fund --workspace @forkful/server --workspace @forkful/web ' +
        '--workspace @forkful/contracts --workspace @forkful/demo-content',
    );
    const serverDependencies = Object.keys(
      (JSON.parse(read('apps/server/package.json')) as { dependencies: Record<string, string> }).dependencies,
    );
    for (const name of serverDependencies.filter((dependency) => dependency.startsWith('@forkful/'))) {
      expect(install, name).toContain(`--workspace ${name}`);
    }
  });

  it('copies the package file of every workspace before npm ci (npm ci fails on a missing one)', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const name of ['build', 'production-dependencies']) {
      const text = withBases(name);
      const install = text.indexOf('\nRUN npm ci');
      expect(install, name).toBeGreaterThan(0);
      expect(text.slice(0, install), name).toContain('COPY package.json package-lock.json .npmrc ./');
      for (const workspace of workspaces) {
        expect(text.slice(0, install), `${name}: ${workspace}`).toContain(
          `COPY ${workspace}/package.json ${workspace}/`,
        );
      }
    }
  });

  it('runs as a non-root user, checks readiness, and starts the built server (which migrates at start)', () => {
    const runtime = stage('runtime');
    const user = /^USER (\S+)$/m.exec(runtime)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(runtime).toMatch(/^HEALTHCHECK .*\\\n.*\/api\/v1\/health\/ready/m);
    expect(runtime).toMatch(/^CMD \["node", "apps\/server\/dist\/main\.js"\]$/m);
    expect(runtime).not.toMatch(/^RUN npm/m);
  });

  it('copies into the image only what the build makes and the server reads', () => {
    const copied = [...stage('runtime').matchAll(/^COPY --from=build \/app\/(\S+) /gm)].map((match) => match[1] ?? '');
    expect(copied).toEqual(
      expect.arrayContaining(['apps/server/dist', 'apps/server/drizzle', 'apps/web/dist', 'packages/contracts/dist']),
    );
    // After `npm run build` (test:cluster builds first), every one of them exists.
    for (const file of copied) expect(existsSync(path.join(repositoryRoot, file)), file).toBe(true);
    const ignored = read('.dockerignore');
    for (const pattern of ['**/node_modules', '**/dist', '.env', '.git']) expect(ignored).toContain(pattern);
  });
});
