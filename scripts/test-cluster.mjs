// `npm run test:cluster`: two Forkful instances behind HAProxy on the machine's PostgreSQL, Redis and an
// S3-compatible server (s3rver); the migrations race on an empty database; backup and restore; the container files
// (e2e/cluster/, docs/decisions/029). Needs HAProxy (`apt-get install -y haproxy`; .ci/run installs it), PostgreSQL
// (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and Redis (CLUSTER_REDIS_URL, default
// redis://127.0.0.1:6379). Builds what is out of date first (the tests start the built server).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].some((file) => existsSync(file))) {
  console.error("HAProxy is not installed: 'apt-get install -y haproxy' (Debian's package; .ci/run installs it)");
  process.exit(1);
}
const started = Date.now();
buildIfNeeded();
const result = spawnSync(
  path.join(root, 'node_modules', '.bin', 'vitest'),
  ['run', '--config', 'e2e/cluster/vitest.config.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);
console.info(`test:cluster took ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(result.status ?? 1);
