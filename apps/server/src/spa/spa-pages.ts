import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PAGE_DATA_ELEMENT_ID } from '@forkful/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageAnswerFor, type PageAnswer, type PageReaders } from './page-data.js';
import { createPageMarkup, withPageMarkup } from './page-markup.js';
import { routeChunksFor } from './route-chunks.js';

/**
 * How long a page's HTML may wait for its data. The lookups take milliseconds; a database slower than this would
 * hold back the whole page (its scripts, styles and fonts), so the page goes out without data and the browser asks.
 */
const PAGE_DATA_BUDGET_MS = 250;
const TOO_SLOW = Symbol('too slow');
/** How long start-up waits for the first drawn page (`warmUp`). */
const WARM_UP_BUDGET_MS = 2000;

/**
 * What a page's head says to search engines and link previews (page-head.ts, docs/decisions/023): tags to add, and
 * whether the page is kept out of search results (`noindex`, also sent as X-Robots-Tag).
 */
export interface PageHead {
  noindex: boolean;
  apply: (html: string) => string;
}

export interface PageHeads {
  /** `answer` is undefined when the page's data is not public (a recipe address that is not a published recipe). */
  headFor: (url: URL, answer: PageAnswer | undefined) => Promise<PageHead | undefined>;
}

/**
 * Answers an HTML request for a page of the web app (CLIENT_PAGES in the contracts; page-routes.ts gives each a route) with
 * the SPA's index.html. For /recipes and /view-recipe/{id} it adds the page's first API answer and a preload of its
 * largest photo, so the photo no longer waits for the script, then the API call, then the image
 * (docs/decisions/011); for every lazy page it adds modulepreloads of the page's own chunks, so its code downloads
 * beside the main script (docs/decisions/012). Those two pages also come drawn, as a visitor sees them, for the
 * browser to adopt (docs/decisions/014). Anything that goes wrong sends the plain file, or the page without its
 * drawing.
 */
export function createSpaPages(
  webDist: string,
  readers: PageReaders,
  warn: (message: string) => void,
  heads?: PageHeads,
  budgetMs: number = PAGE_DATA_BUDGET_MS,
) {
  const template = indexTemplate(path.join(webDist, 'index.html'));
  const routeChunks = routeChunksFor(webDist);
  const markupFor = createPageMarkup(webDist, warn);

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    // index.html is always revalidated; the data added to it is the same for every visitor, so no Vary: Cookie.
    reply.header('Cache-Control', 'no-cache');
    const plain = () => reply.sendFile('index.html', webDist);
    if (request.method !== 'GET') return plain();
    let html: string;
    try {
      const url = new URL(request.raw.url ?? '/', 'http://forkful.invalid');
      const [found, chunks] = await Promise.all([
        within(pageAnswerFor(url, readers), budgetMs),
        routeChunks(url.pathname),
      ]);
      if (found === TOO_SLOW) {
        request.log.warn(`page data took longer than ${budgetMs} ms; sent the page without it`);
      }
      const answer = found === TOO_SLOW ? null : found;
      // A page whose data was late gets no head: only a page known not to be public is marked noindex.
      const head =
        found === TOO_SLOW || !heads
          ? undefined
          : await within(heads.headFor(url, found), budgetMs).catch(() => {
              request.log.warn('the page head failed; sent the page without it');
              return undefined;
            });
      const pageHead = head === TOO_SLOW ? undefined : head;
      if (pageHead?.noindex) reply.header('X-Robots-Tag', 'noindex');
      if (!answer && chunks.length === 0 && !pageHead) return plain();
      html = withModulePreloads(await template(), chunks);
      if (answer) {
        html = withPageAnswer(html, answer);
        // Without markup the page is still complete: the browser draws it, with the data already in the HTML.
        try {
          const markup = await within(markupFor(`${url.pathname}${url.search}`, answer), budgetMs);
          if (markup === TOO_SLOW) request.log.warn(`drawing the page took longer than ${budgetMs} ms`);
          else if (markup) html = withPageMarkup(html, markup);
        } catch (error) {
          request.log.warn({ err: error }, 'drawing the page failed; sent it for the browser to draw');
        }
      }
      if (pageHead) html = pageHead.apply(html);
    } catch (error) {
      request.log.warn({ err: error }, 'page data failed; sent the page without it');
      return plain();
    }
    return sendHtml(reply, html);
  }

  /**
   * The first drawn page pays once for a database connection, the first plan of its query and React's first render
   * (about 50 ms against 6 ms after). On a busy machine that ran past the budget, and the first visitor got the page
   * undrawn, so the server pays it before it reports ready, by drawing /recipes once. A failure here is not the
   * server's failure: the page is then drawn (or not) on request as usual.
   */
  async function warmUp(): Promise<void> {
    const answer = await pageAnswerFor(new URL('/recipes', 'http://forkful.invalid'), readers);
    if (answer) await markupFor('/recipes', answer);
  }

  // Resolves once the server bundle has loaded (or is known to be missing) and the first page has been drawn, or
  // WARM_UP_BUDGET_MS later: a database that hangs must not keep the server from starting. A build that cannot draw
  // pages (an API-only server, a build without the bundle) has nothing to warm.
  const ready = markupFor.ready
    .then((drawable) => (drawable ? within(warmUp(), WARM_UP_BUDGET_MS) : undefined))
    .then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(sendPage, { ready });
}

/**
 * @fastify/compress compresses the page on its way out, for clients that ask, as it does the API's answers (each
 * page has a route of its own, page-routes.ts; from the not-found handler the page goes out as it is). Vary is set
 * either way, since the same address may go out compressed or not.
 */
function sendHtml(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').header('Vary', 'accept-encoding').send(html);
}

/** index.html, read again only when the build replaces it. */
function indexTemplate(file: string): () => Promise<string> {
  let cached: { mtimeMs: number; text: string } | undefined;
  return async () => {
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, text: await readFile(file, 'utf8') };
    return cached.text;
  };
}

async function within<T>(work: Promise<T>, ms = PAGE_DATA_BUDGET_MS): Promise<T | typeof TOO_SLOW> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TOO_SLOW>((resolve) => {
    timer = setTimeout(resolve, ms, TOO_SLOW);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
    // A late failure has nobody left to tell.
    work.catch(() => undefined);
  }
}

/**
 * The preload goes before the first script, where the browser's preload scanner meets it at once; the data goes
 * at the end of the body, read by the app's module script, which runs after the document is parsed.
 */
export function withPageAnswer(html: string, answer: PageAnswer): string {
  let page = html;
  if (answer.photo) {
    const preload =
      `<link rel="preload" as="image" imagesrcset="${attribute(answer.photo.srcset)}" ` +
      `imagesizes="${attribute(answer.photo.sizes)}" fetchpriority="high">`;
    page = insertBefore(page, page.includes('<script') ? '<script' : '</head>', preload);
  }
  const data = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonInHtml(
    `{"url":${JSON.stringify(answer.url)},"body":${answer.json}}`,
  )}</script>`;
  const end = page.lastIndexOf('</body>');
  return end === -1 ? page + data : page.slice(0, end) + data + page.slice(end);
}

/** After the start-up bundle's own modulepreloads, which the browser should meet first. */
export function withModulePreloads(html: string, chunks: string[]): string {
  if (chunks.length === 0) return html;
  const links = chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="${attribute(chunk)}">`).join('');
  const last = html.lastIndexOf('<link rel="modulepreload"');
  const after = last === -1 ? -1 : html.indexOf('>', last) + 1;
  return after > 0 ? html.slice(0, after) + links + html.slice(after) : insertBefore(html, '</head>', links);
}

function insertBefore(html: string, marker: string, text: string): string {
  const at = html.indexOf(marker);
  return at === -1 ? html : html.slice(0, at) + text + html.slice(at);
}

/**
 * JSON that can sit inside a script element: no `</script>` or `<!--` can end or change it, and the line
 * separators that older JavaScript parsers reject are escaped. Each is a valid JSON string escape, and they occur
 * only inside strings, so the text parses to the same value.
 */
export function jsonInHtml(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
