import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './services/s3-storage.js';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A whole number within bounds; every failure names the bounds, so '2' is not called 'not a whole number'. */
function wholeNumber(min: number, max?: number) {
  const message = `must be a whole number ${max === undefined ? `of at least ${min}` : `from ${min} to ${max}`}`;
  const number = z.coerce.number({ error: message }).int(message).min(min, message);
  return max === undefined ? number : number.max(max, message);
}

const secretText = z.string().min(32, 'must be at least 32 characters');

const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^/?#]+[^?#]*$/, 'must be an http:// or https:// URL without query')
  .refine((value) => URL.canParse(value), 'must be an http:// or https:// URL without query');

/**
 * TRUST_PROXY, read as Fastify's `trustProxy`: 'false' (the default: X-Forwarded-For is never read), 'true' (trust
 * every hop: only behind a proxy that overwrites the header), a hop count ('1': the address the nearest proxy saw),
 * or a comma-separated list of proxy addresses or CIDR ranges ('127.0.0.1,10.0.0.0/8'; also 'loopback',
 * 'linklocal', 'uniquelocal').
 */
const trustProxyText = z.string().transform((value, context): boolean | number | string[] => {
  const text = value.trim().toLowerCase();
  if (['false', 'no', 'off'].includes(text)) return false;
  if (['true', 'yes', 'on'].includes(text)) return true;
  if (/^\d{1,2}$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  };
  if (entries.length > 0 && entries.every(valid)) return entries;
  context.addIssue({
    code: 'custom',
    message: 'must be true, false, a hop count, or a comma-separated list of proxy addresses (CIDR allowed)',
  });
  return z.NEVER;
});

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL');

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0)
    .max(65535)
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: wholeNumber(1, 200).default(10),
  ACCESS_TOKEN_SECRET: secretText.optional(),
  REFRESH_TOKEN_SECRET: secretText.optional(),
  ACCESS_TOKEN_TTL_SECONDS: wholeNumber(5, 86400).default(900),
  REFRESH_TOKEN_TTL_DAYS: wholeNumber(1, 365).default(30),
  COOKIE_SECURE: booleanText.default(false),
  MAX_UPLOAD_MB: z.coerce.number({ error: 'must be a number' }).positive('must be positive').max(50).default(10),
  IMAGE_WORKERS: wholeNumber(1, 16).default(1),
  IMAGE_QUEUE_MAX: wholeNumber(0, 1000).default(8),
  MAX_EVENT_LOOP_DELAY_MS: wholeNumber(0, 60_000).default(1000),
  SEED_DEMO: booleanText.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where visitors reach the site: canonical links, structured data, the sitemap (docs/decisions/023). */
  PUBLIC_URL: httpUrl.optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  WEB_DIST_DIR: z.string().optional(),
  RATE_LIMIT_MAX: wholeNumber(1).default(1000),
  AUTH_RATE_LIMIT_MAX: wholeNumber(1).default(30),
  /** Issue 21: recipe imports per signed-in user per minute (docs/decisions/022). */
  IMPORT_RATE_LIMIT_MAX: wholeNumber(1, 1_000_000_000).default(10),
  /** Issue 21: the whole fetch of one imported page or photo, redirects included (at most 10 s). */
  IMPORT_FETCH_TIMEOUT_MS: wholeNumber(100, 10_000).default(10_000),
  /** Issue 21, tests only: host names served on loopback that the import may fetch (comma-separated; none by default). */
  IMPORT_TEST_HOSTS: z
    .string()
    .regex(/^\s*([a-z0-9.-]+\s*(,\s*[a-z0-9.-]+\s*)*)?$/i, 'must be a comma-separated list of host names')
    .default(''),
  /** Issue 19: seconds between recommendation refreshes; 0 turns the refresher off (docs/decisions/026). */
  RECOMMENDATIONS_REFRESH_SECONDS: wholeNumber(0, 86400).default(300),
  /**
   * Issue 19: the refresh's database backend at the lowest CPU priority (SCHED_IDLE, else nice 19) when the
   * database runs on this host; it then takes a core only when the API does not want it. Off by default: measured
   * at 1M, it helped the typical request and not the worst (docs/decisions/026).
   */
  RECOMMENDATIONS_REFRESH_LOW_PRIORITY: booleanText.default(false),
  /** How long a page's data and drawing may take before the page is sent undrawn (decision 014). */
  PAGE_DATA_BUDGET_MS: wholeNumber(1, 60_000).default(250),
  /** Issue 22: whose X-Forwarded-For to believe (see trustProxyText). */
  TRUST_PROXY: trustProxyText.default(false),
  /** Issue 22: the bearer token GET /metrics asks for; without it /metrics is not served. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Issue 22: a read replica for read-only queries (recipe lists, search, view); docs/decisions/028. */
  DATABASE_READ_URL: postgresUrl.optional(),
  /** Issue 22: after a write, that user's reads go to the writer for this many seconds. */
  READ_YOUR_WRITES_SECONDS: wholeNumber(0, 3600).default(10),
  /** Issue 22: whether this instance runs background jobs (each run happens on one instance only). */
  JOBS_ENABLED: booleanText.default(true),
  /** Issue 22: seconds a stopping instance keeps serving with readiness failing (docs/decisions/029). */
  SHUTDOWN_DRAIN_SECONDS: wholeNumber(0, 60).default(0),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lowercase letters, digits, dots, dashes)')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_ENDPOINT: httpUrl.optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Temporary credentials (STS, IAM roles): sent as X-Amz-Security-Token with every request. */
  S3_SESSION_TOKEN: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanText.optional(),
  S3_PUBLIC_URL: httpUrl.optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  accessTokenSecret: string;
  refreshTokenSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  cookieSecure: boolean;
  maxUploadBytes: number;
  /** Uploaded images decoded and encoded at a time. */
  imageWorkers: number;
  /** Uploads admitted to wait behind the workers; one more is refused with 503. */
  imageQueueMax: number;
  /** Every request is refused with 503 while the event loop lags more than this (0: never). */
  maxEventLoopDelayMs: number;
  seedDemo: boolean;
  logLevel: string;
  /**
   * The site's public address, without a trailing slash (PUBLIC_URL; http://localhost:PORT when not given): the
   * canonical links, structured data, Open Graph tags and sitemap of the drawn pages are absolute URLs under it.
   */
  publicUrl: string;
  redisUrl: string | undefined;
  uploadsDir: string;
  webDistDir: string | undefined;
  /** Requests per minute per client address, for the whole API. */
  rateLimitMax: number;
  /** Log-in, sign-up and refresh attempts per minute per client address (log-in also per account and address). */
  authRateLimitMax: number;
  /** Recipe import (issue 21): per-user limit, fetch time budget, and loopback names allowed in tests. */
  importRateLimitMax: number;
  importFetchTimeoutMs: number;
  importTestHosts: string[];
  /** Images go to this S3-compatible bucket instead of `uploadsDir` when set. */
  s3: S3Settings | undefined;
  /** Fastify's `trustProxy` (TRUST_PROXY): false never reads X-Forwarded-For; else whose forwarding to believe. */
  trustProxy: boolean | number | string[];
  /** Bearer token for GET /metrics (METRICS_TOKEN); undefined: /metrics is off. */
  metricsToken: string | undefined;
  /** A read replica (DATABASE_READ_URL) for read-only queries; undefined: every query goes to DATABASE_URL. */
  databaseReadUrl: string | undefined;
  /** Seconds a user's reads stay on the writer after they wrote (READ_YOUR_WRITES_SECONDS). */
  readYourWritesSeconds: number;
  /** Whether this instance runs background jobs (JOBS_ENABLED). */
  jobsEnabled: boolean;
  /** Seconds between recommendation refreshes; 0: no refresher in this instance. */
  recommendationsRefreshSeconds: number;
  /** RECOMMENDATIONS_REFRESH_LOW_PRIORITY: the refresh's backend at the lowest CPU priority when it is local. */
  recommendationsRefreshLowPriority: boolean;
  /** PAGE_DATA_BUDGET_MS: past it, a drawn page (/recipes, a recipe) is sent for the browser to draw. */
  pageDataBudgetMs: number;
  /**
   * SHUTDOWN_DRAIN_SECONDS (0 to 60, default 0): how long a stopping instance keeps serving with readiness failing
   * before it closes its port. Behind a proxy with active health checks, set it past the time the proxy needs to
   * take the instance out (HAProxy as configured in deploy/: 2 failed checks 1 s apart, so 3); a rolling restart
   * then fails no request (docs/decisions/029).
   */
  shutdownDrainSeconds: number;
}

export class ConfigError extends Error {}

/** Secrets that are not given are made once and kept in the data folder, so the embedded default needs no setup. */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', `${name}.txt`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * A bad value as the one-line error shows it: secrets (tokens, keys, secrets, passwords) only by their length, and
 * a URL without its password, since start-up errors end up in logs.
 */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return 'nothing';
  if (/SECRET|PASSWORD|_TOKEN$|_KEY$/.test(name)) return `a value of ${value.length} characters`;
  if (name.endsWith('_URL')) {
    try {
      const url = new URL(value);
      if (url.password) url.password = '***';
      return JSON.stringify(url.href);
    } catch {
      return JSON.stringify(value.replace(/:[^:@/]*@/, ':***@'));
    }
  }
  return JSON.stringify(value);
}

/** Parses the environment once; a bad value throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key] === '' ? undefined : env[key]])
      .filter(([, value]) => value !== undefined),
  );
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'} (got ${shownValue(name, env[name])})`,
    );
  }
  const e = parsed.data;
  const s3 = s3Settings(e, env);
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    accessTokenSecret: e.ACCESS_TOKEN_SECRET ?? persistedSecret(dataDir, 'access-token-secret'),
    refreshTokenSecret: e.REFRESH_TOKEN_SECRET ?? persistedSecret(dataDir, 'refresh-token-secret'),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    cookieSecure: e.COOKIE_SECURE,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    imageWorkers: e.IMAGE_WORKERS,
    imageQueueMax: e.IMAGE_QUEUE_MAX,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    redisUrl: e.REDIS_URL,
    uploadsDir: path.join(dataDir, 'uploads'),
    webDistDir: e.WEB_DIST_DIR,
    rateLimitMax: e.RATE_LIMIT_MAX,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    importRateLimitMax: e.IMPORT_RATE_LIMIT_MAX,
    importFetchTimeoutMs: e.IMPORT_FETCH_TIMEOUT_MS,
    importTestHosts: e.IMPORT_TEST_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    s3,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    databaseReadUrl: e.DATABASE_READ_URL,
    readYourWritesSeconds: e.READ_YOUR_WRITES_SECONDS,
    jobsEnabled: e.JOBS_ENABLED,
    recommendationsRefreshSeconds: e.RECOMMENDATIONS_REFRESH_SECONDS,
    recommendationsRefreshLowPriority: e.RECOMMENDATIONS_REFRESH_LOW_PRIORITY,
    pageDataBudgetMs: e.PAGE_DATA_BUDGET_MS,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
  };
}

/** S3 storage is on when S3_BUCKET is set; then the credentials are required, and the addresses have defaults. */
function s3Settings(e: z.output<typeof envSchema>, env: NodeJS.ProcessEnv): S3Settings | undefined {
  const given = (name: string) => env[name] !== undefined && env[name] !== '';
  if (!e.S3_BUCKET) {
    const stray = S3_VARIABLES.find(given);
    if (stray) throw new ConfigError(`Invalid configuration: S3_BUCKET is required when ${stray} is set`);
    return undefined;
  }
  for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!e[name]) throw new ConfigError(`Invalid configuration: ${name} is required when S3_BUCKET is set`);
  }
  const endpoint = (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, '');
  // S3-compatible servers (MinIO, Garage, …) usually want path-style addresses; AWS itself wants virtual hosts.
  const forcePathStyle = e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined;
  const endpointUrl = new URL(endpoint);
  const publicUrl =
    e.S3_PUBLIC_URL ??
    (forcePathStyle
      ? `${endpoint}/${e.S3_BUCKET}`
      : `${endpointUrl.protocol}//${e.S3_BUCKET}.${endpointUrl.host}${endpointUrl.pathname.replace(/\/+$/, '')}`);
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint,
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    ...(e.S3_SESSION_TOKEN ? { sessionToken: e.S3_SESSION_TOKEN } : {}),
  };
}

const S3_VARIABLES = [
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_SESSION_TOKEN',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
] as const;
