import { Readable } from 'node:stream';
import { constants as zlib } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { sendError } from '../../plugins/error-handler.js';
import { SitemapRepository, type IdRange } from '../../repositories/sitemap.js';
import { recipePageUrl } from '../../spa/structured-data.js';

/*
 * /robots.txt, /sitemap.xml and its pages (issue 21, docs/decisions/023). Recipe ids are random UUIDs, so the
 * sitemap splits the id space into 2^bits equal ranges, enough that each holds about half the protocol's limit of
 * 50,000 addresses (the count of published recipes is one row, recipe_counts). The index is therefore written
 * without reading a single recipe, and a page (`recipes-<bits>-<n>.xml`, range n of 2^bits) is one range scan of
 * an index, streamed in batches: never an OFFSET, never the whole page in memory, at ten thousand or a million
 * recipes. Any instance answers any page, old or new, without shared state. Drafts are never listed.
 */

/** The sitemap protocol's limit of addresses per file: no page ever lists more. */
export const SITEMAP_PAGE_SIZE = 50_000;
/** Rows read per statement while a page streams out. */
const BATCH_ROWS = 5_000;
/** 2^20 ranges of 25,000: 26 billion recipes. */
const MAX_BITS = 20;
/** The site's own pages worth finding (spec section 2); the rest are forms, or need a session. */
const SITE_PAGES = ['/', '/recipes', '/features', '/about'];
const RECIPE_PAGE = /^recipes-(\d{1,2})-(\d{1,7})\.xml$/;
const XML = 'application/xml; charset=utf-8';

/**
 * How many bits of the id choose a page: the fewest that put at most half of `pageSize` recipes in each range on
 * average. Ranges of random ids fill evenly (at 950,000 recipes in 64 ranges of 14,850 on average, one standard
 * deviation is 120), so half the limit leaves a margin that random ids never cross.
 */
export function sitemapBits(published: number, pageSize = SITEMAP_PAGE_SIZE): number {
  let bits = 0;
  while (bits < MAX_BITS && published / 2 ** bits > pageSize / 2) bits++;
  return bits;
}

function uuidAt(value: bigint): string {
  const hex = value.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Range `n` of 2^bits equal ranges of the 128-bit id space. */
export function idRange(bits: number, n: number): IdRange {
  const width = 1n << BigInt(128 - bits);
  const last = n === 2 ** bits - 1;
  return { from: uuidAt(BigInt(n) * width), to: last ? undefined : uuidAt(BigInt(n + 1) * width) };
}

export interface SitemapRoutesOptions {
  config: Pick<Config, 'publicUrl' | 'rateLimitMax'>;
  db: Database;
  /** The app's @fastify/compress options: a sitemap page of 50,000 addresses is about 5 MB before compression. */
  compress: FastifyCompressOptions;
  /** Addresses per sitemap page; only tests make it smaller. */
  pageSize?: number;
}

export function xmlText(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    // The drawn pages carry their data; the API is for the app, and search and the forms are no pages to list.
    'Disallow: /api/',
    'Disallow: /add-recipe',
    'Disallow: /edit-recipe/',
    'Disallow: /searched-recipes',
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The sitemap index: the site's pages, then one page per range of recipe ids. */
export function sitemapIndex(publicUrl: string, bits: number): string {
  const entry = (name: string) => `<sitemap><loc>${xmlText(`${publicUrl}/sitemaps/${name}`)}</loc></sitemap>`;
  const pages = Array.from({ length: 2 ** bits }, (_, n) => entry(`recipes-${bits}-${n}.xml`));
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
    entry('pages.xml') +
    pages.join('') +
    '</sitemapindex>\n'
  );
}

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
const URLSET_CLOSE = '</urlset>\n';

/**
 * One sitemap page: the published recipes of `range`, at most `pageSize`, with their lastmod, as a stream; each
 * batch is one statement on the index, written out before the next is read. The first batch is read before the
 * answer starts, so a database that fails gets the usual error answer rather than a cut-off file. `onFull` is told
 * when a range held more than `pageSize` (ids that are not random would do that): the rest is not listed.
 */
export async function recipeUrlset(
  repository: SitemapRepository,
  publicUrl: string,
  range: IdRange,
  pageSize: number,
  options: { batchRows?: number; onFull?: () => void } = {},
): Promise<Readable> {
  const batchRows = options.batchRows ?? BATCH_ROWS;
  const prefix = xmlText(recipePageUrl(publicUrl, ''));
  const size = (written: number) => Math.min(batchRows, pageSize - written);
  const first = await repository.urls(range, undefined, size(0), prefix);
  async function* lines(): AsyncGenerator<string> {
    yield URLSET_OPEN;
    let batch = first;
    let asked = size(0);
    let written = 0;
    for (;;) {
      if (batch.xml) yield batch.xml;
      written += batch.count;
      if (!batch.last || batch.count < asked) break;
      if (written >= pageSize) {
        if ((await repository.urls(range, batch.last, 1, prefix)).count > 0) options.onFull?.();
        break;
      }
      asked = size(written);
      batch = await repository.urls(range, batch.last, asked, prefix);
    }
    yield URLSET_CLOSE;
  }
  return Readable.from(lines());
}

function sitePages(publicUrl: string): string {
  const urls = SITE_PAGES.map((page) => `<url><loc>${xmlText(`${publicUrl}${page}`)}</loc></url>`).join('');
  return `${URLSET_OPEN}${urls}${URLSET_CLOSE}`;
}

/**
 * Registered as routes of their own, outside the API: the page routes' kind of rate limit (a budget per client
 * address, since the API's own limit lets everything outside /api/ through) and the app's compression.
 */
export async function sitemapRoutes(app: FastifyInstance, options: SitemapRoutesOptions): Promise<void> {
  const { config, db, compress, pageSize = SITEMAP_PAGE_SIZE } = options;
  const repository = new SitemapRepository(db);
  const limit = app.rateLimit({ max: config.rateLimitMax, timeWindow: 60_000, allowList: () => false });
  // Brotli at quality 1 rather than the API's 4: a page of 15,000 addresses is 2 MB of mostly random ids, which
  // quality 4 took 6 times longer to compress (about 100 against 600 ms on the loaded bench machine) for 6 % less.
  const sitemapCompress = {
    ...compress,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  } satisfies FastifyCompressOptions;
  const route = {
    onRequest: [limit],
    config: { rateLimit: false as const },
    compress: sitemapCompress,
    schema: { hide: true },
  };
  // Crawlers read these now and then; an hour of caching spares the database a crawler that asks too often.
  const cache = 'public, max-age=3600';

  app.get('/robots.txt', route, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', cache).send(robotsTxt(config.publicUrl)),
  );

  app.get('/sitemap.xml', route, async (_request, reply) => {
    const bits = sitemapBits(await repository.publishedCount(), pageSize);
    return reply.type(XML).header('Cache-Control', cache).send(sitemapIndex(config.publicUrl, bits));
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', route, async (request, reply) => {
    const { file } = request.params;
    if (file === 'pages.xml') {
      return reply.type(XML).header('Cache-Control', cache).send(sitePages(config.publicUrl));
    }
    const match = RECIPE_PAGE.exec(file);
    const bits = Number(match?.[1]);
    const n = Number(match?.[2]);
    if (!match || bits > MAX_BITS || n >= 2 ** bits || String(n) !== match[2] || String(bits) !== match[1]) {
      return sendError(reply, 404, 'Route not found');
    }
    const onFull = () =>
      request.log.warn(`sitemap page ${file} has more than ${pageSize} recipes; the rest is left out`);
    const body = await recipeUrlset(repository, config.publicUrl, idRange(bits, n), pageSize, { onFull });
    return reply.type(XML).header('Cache-Control', cache).send(body);
  });
}
