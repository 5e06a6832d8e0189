import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBundle } from '@forkful/contracts';
import type { PageAnswer } from './page-data.js';

type RenderPage = ServerBundle['renderPage'];

/** Markup per page address and answer: the same answer always draws the same markup. */
const CACHE_ENTRIES = 64;

/**
 * Draws /recipes and /view-recipe/{id} on the server, as a visitor sees them, from the answer the page's HTML
 * already carries (docs/decisions/014), with the web build's own components. The browser adopts that markup
 * (hydration) instead of drawing the page after its scripts have run. Returns a function that gives the markup, or
 * null when there is none to give: a build without the server bundle, a page it does not draw, or a failure.
 */
export function createPageMarkup(webDist: string, warn: (message: string) => void) {
  const file = path.join(webDist, '.ssr', 'prerender.js');
  let renderer: Promise<RenderPage | null> | undefined;
  const cache = new Map<string, string | null>();

  const load = () =>
    (renderer ??= (async () => {
      if (!existsSync(file)) return null;
      try {
        // The bundle's default export is checked against ServerBundle when the web is built; a file of some other
        // build may still sit here, so what is used is looked at first.
        const bundle = ((await import(pathToFileURL(file).href)) as { default?: Partial<ServerBundle> }).default;
        if (typeof bundle?.renderPage !== 'function') return null;
        await bundle.preparePages?.();
        return bundle.renderPage;
      } catch (error) {
        warn(`the web build's server bundle did not load; pages are drawn in the browser: ${String(error)}`);
        return null;
      }
    })());

  async function markupFor(href: string, answer: PageAnswer): Promise<string | null> {
    const render = await load();
    if (!render) return null;
    const key = `${href}\n${createHash('sha256').update(answer.json).digest('base64')}`;
    const cached = cache.get(key);
    if (cached !== undefined) {
      // Most recently used last: the oldest entry is the first to go.
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    const markup = await render(href, { url: answer.url, body: JSON.parse(answer.json) as unknown });
    cache.set(key, markup);
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    return markup;
  }

  // `ready`: loaded at start-up, so the first pages need not wait for React and the app (their drawing has a budget).
  // It tells whether pages can be drawn at all (false without the bundle, or when it did not load).
  return Object.assign(markupFor, { ready: load().then((render) => render !== null) });
}

const SHELL = /<!--shell-->[\s\S]*<!--\/shell-->/;

/**
 * index.html with `markup` in place of the prerendered landing page (between the `<!--shell-->` comments that
 * scripts/prerender.mjs writes), and the page's own title in the head. Titles, scripts and preloads inside the
 * markup go: React writes a component's `<title>` where it stands, the CSP allows no inline script, and the head
 * already preloads the page's largest photo with the sizes the page uses (docs/decisions/011).
 */
export function withPageMarkup(html: string, markup: string): string {
  if (!SHELL.test(html)) return html;
  const title = /<title>([\s\S]*?)<\/title>/.exec(markup)?.[1];
  const body = markup
    .replace(/<title>[\s\S]*?<\/title>/g, '')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*\brel="preload"[^>]*>/g, '');
  let page = html.replace(SHELL, () => `<div id="page-shell">${body}</div>`);
  if (title !== undefined) page = page.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`);
  return page;
}
