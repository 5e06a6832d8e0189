import { readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import sharp from 'sharp';
import { memoryOf } from './processes.js';
import { Jar } from './soak-traffic.js';

/** What one burst measured. */
export interface BurstReport {
  uploads: number;
  photoMb: number;
  statuses: Map<string, number>;
  stored: number;
  /** Refused with 429 or 503, the answers the issue allows. */
  refused: number;
  /** 503 answers that lacked a Retry-After header. */
  refusedWithoutRetryAfter: number;
  burstSeconds: number;
  rssStartMb: number;
  rssPeakMb: number;
  /** After the burst, once the server has been idle for `settleSeconds`. */
  rssAfterMb: number;
  settleSeconds: number;
  loginMs: number[];
  currentMs: number[];
  /** Small requests of the other user that did not answer 200. */
  otherFailures: string[];
  recipeRows: number;
  imageFiles: number;
  /** Files in the data folder that are neither stored images nor secrets (temporary files of uploads). */
  strayFiles: string[];
}

const SIGN_UP_PASSWORD = 'burst pass phrase';

/** A photo of noise (it does not compress) of about 9.6 MB, as a camera's JPEG at high quality is. */
function noisePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 2400,
      height: 1800,
      channels: 3,
      background: '#c05030',
      noise: { type: 'gaussian', mean: 120, sigma: 60 },
    },
  })
    .jpeg({ quality: 98, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

async function signUp(base: string, email: string): Promise<Jar> {
  const form = new FormData();
  form.set('name', 'Burst Cook');
  form.set('email', email);
  form.set('password', SIGN_UP_PASSWORD);
  const jar = new Jar();
  const response = await fetch(`${base}/api/v1/users/register`, { method: 'POST', body: form });
  jar.store(response);
  await response.text();
  if (response.status !== 201) throw new Error(`could not sign up ${email}: ${response.status}`);
  return jar;
}

function recipeForm(n: number, photo: Buffer): FormData {
  const form = new FormData();
  form.set('title', `Burst Bake ${n}`);
  form.set('introduction', 'Uploaded in a burst.');
  form.set('cookingTime', '30');
  form.append('ingredients', 'flour');
  form.append('steps', 'Bake');
  form.set('isPublished', 'true');
  form.set('recipePhoto', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'burst.jpg');
  return form;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/**
 * Sends `uploads` recipe creations with a ~9.6 MB photo each, all at once from `uploaders` accounts, while another
 * user logs in and reads /users/current one request after another; samples the server's RSS every 50 ms. Then waits
 * for the server to settle and counts what was kept: recipe rows, image files, and any other file in the data folder.
 */
export async function uploadBurst(options: {
  base: string;
  serverPid: number;
  databaseUrl: string;
  dataDir: string;
  uploads: number;
  uploaders: number;
  settleSeconds: number;
  log: (line: string) => void;
}): Promise<BurstReport> {
  const { base, uploads } = options;
  const photo = await noisePhoto();
  const stamp = Date.now().toString(36);
  const uploaders: Jar[] = [];
  for (let n = 0; n < options.uploaders; n++) uploaders.push(await signUp(base, `burst-${n}-${stamp}@example.com`));
  const otherEmail = `other-${stamp}@example.com`;
  await signUp(base, otherEmail);
  options.log(`${uploads} uploads of ${(photo.length / 1e6).toFixed(1)} MB from ${uploaders.length} accounts …`);

  const rss: number[] = [];
  const sample = () => rss.push(memoryOf(options.serverPid).nodeRssMb);
  sample();
  const sampler = setInterval(sample, 50);

  const statuses = new Map<string, number>();
  let refusedWithoutRetryAfter = 0;
  const started = performance.now();
  let burstDone = false;
  const burst = Promise.all(
    Array.from({ length: uploads }, async (_, n) => {
      let status: string;
      try {
        const response = await fetch(`${base}/api/v1/recipes/create-recipe`, {
          method: 'POST',
          headers: { cookie: uploaders[n % uploaders.length]?.header() ?? '' },
          body: recipeForm(n, photo),
          signal: AbortSignal.timeout(300_000),
        });
        await response.text();
        status = String(response.status);
        if (response.status === 503 && !response.headers.get('retry-after')) refusedWithoutRetryAfter += 1;
      } catch (error) {
        status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }),
  ).finally(() => (burstDone = true));

  // The other user: a log-in, then their own account, again and again until the burst is over.
  const loginMs: number[] = [];
  const currentMs: number[] = [];
  const otherFailures: string[] = [];
  const other = new Jar();
  await sleep(200);
  while (!burstDone) {
    const loginStart = performance.now();
    const login = await fetch(`${base}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: otherEmail, password: SIGN_UP_PASSWORD }),
    }).catch((error: unknown) => error as Error);
    loginMs.push(performance.now() - loginStart);
    if (login instanceof Error || login.status !== 200)
      otherFailures.push(`login ${String(login instanceof Error ? login.message : login.status)}`);
    else {
      other.store(login);
      await login.text();
    }
    const currentStart = performance.now();
    const current = await fetch(`${base}/api/v1/users/current`, { headers: { cookie: other.header() } }).catch(
      (error: unknown) => error as Error,
    );
    currentMs.push(performance.now() - currentStart);
    if (current instanceof Error || current.status !== 200)
      otherFailures.push(`current ${String(current instanceof Error ? current.message : current.status)}`);
    else await current.text();
    await sleep(100);
  }
  await burst;
  const burstSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rssPeakMb = Math.max(...rss);
  options.log(
    `burst over after ${burstSeconds.toFixed(1)} s; letting the server settle for ${options.settleSeconds} s …`,
  );
  await sleep(options.settleSeconds * 1000);
  const rssAfterMb = memoryOf(options.serverPid).nodeRssMb;

  const database = new pg.Client({ connectionString: options.databaseUrl });
  await database.connect();
  const rows = await database.query<{ count: string }>(`SELECT count(*) FROM recipes WHERE title LIKE 'Burst Bake %'`);
  await database.end();
  const files = filesUnder(options.dataDir);
  const isImage = (file: string) => file.startsWith(`uploads${path.sep}`) && file.endsWith('.webp');
  const isSecret = (file: string) => file.startsWith(`secrets${path.sep}`);
  const count = (status: string) => statuses.get(status) ?? 0;
  return {
    uploads,
    photoMb: photo.length / 1e6,
    statuses,
    stored: count('201'),
    refused: count('429') + count('503'),
    refusedWithoutRetryAfter,
    burstSeconds,
    rssStartMb: rss[0] ?? 0,
    rssPeakMb,
    rssAfterMb,
    settleSeconds: options.settleSeconds,
    loginMs,
    currentMs,
    otherFailures,
    recipeRows: Number(rows.rows[0]?.count ?? 0),
    imageFiles: files.filter(isImage).length,
    strayFiles: files.filter((file) => !isImage(file) && !isSecret(file)),
  };
}

function spread(times: number[]): string {
  if (times.length === 0) return 'none measured';
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
  return `${times.length} requests, p50 ${at(0.5)} ms, max ${at(1)} ms`;
}

/** The report's lines; `imagesPerUpload` is how many files one stored photo makes. */
export function burstLines(report: BurstReport, imagesPerUpload: number): string[] {
  const statuses = [...report.statuses]
    .sort()
    .map(([status, count]) => `${status} ×${count}`)
    .join(', ');
  const wholeStored = report.recipeRows === report.stored && report.imageFiles === report.stored * imagesPerUpload;
  const slowest = Math.max(0, ...report.loginMs, ...report.currentMs);
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  return [
    `Forkful upload burst: ${report.uploads} concurrent uploads of a ${report.photoMb.toFixed(1)} MB photo`,
    `answers:    ${statuses}; stored ${report.stored}, refused (429/503) ${report.refused}, other ${report.uploads - report.stored - report.refused}; 503 without Retry-After ${report.refusedWithoutRetryAfter}`,
    `burst:      ${report.burstSeconds.toFixed(1)} s until the last answer`,
    `server RSS: start ${Math.round(report.rssStartMb)} MB, peak ${Math.round(report.rssPeakMb)} MB, ${report.settleSeconds} s after the burst ${Math.round(report.rssAfterMb)} MB`,
    `other user: log-in ${spread(report.loginMs)}; /users/current ${spread(report.currentMs)}; not 200: ${report.otherFailures.length === 0 ? 'none' : report.otherFailures.slice(0, 5).join(', ')}`,
    `targets:    peak RSS under 1 GiB ${met(report.rssPeakMb < 1024)}; the other user's requests within 1 s ${met(slowest < 1000 && report.otherFailures.length === 0)}; every upload stored whole or refused with 429/503, nothing else left ${met(wholeStored && report.stored + report.refused === report.uploads && report.strayFiles.length === 0)}`,
    `kept:       ${report.recipeRows} recipe rows, ${report.imageFiles} image files (${wholeStored ? 'exactly the stored uploads' : `expected ${report.stored} rows and ${report.stored * imagesPerUpload} files`}), ${report.strayFiles.length} other files${report.strayFiles.length ? ` (${report.strayFiles.slice(0, 3).join(', ')})` : ''}`,
  ];
}
