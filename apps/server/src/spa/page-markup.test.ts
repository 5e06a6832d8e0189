// The server draws /recipes and /view-recipe/{id} with the web build's server bundle (docs/decisions/014). The real
// bundle is built after these tests run (npm test: vitest, then the build); the end-to-end journeys use it
// (e2e/tests/server-drawn.spec.ts). Here a small bundle of the same shape shows what the server does with it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageAnswer } from './page-data.js';
import { createPageMarkup, withPageMarkup } from './page-markup.js';

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function distWithBundle(source: string | null): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'forkful-ssr-'));
  folders.push(dist);
  if (source !== null) {
    mkdirSync(path.join(dist, '.ssr'));
    writeFileSync(path.join(dist, '.ssr', 'prerender.js'), source);
  }
  return dist;
}

const answer = (title: string): PageAnswer => ({
  url: '/api/v1/recipes/all?page=1&limit=24',
  json: JSON.stringify({ success: true, statusCode: 200, message: 'Success', data: { title } }),
  photo: undefined,
});

// Draws the answer's title and counts its calls; answers null for anything but /recipes; notes that it was prepared.
const COUNTING_BUNDLE = `
globalThis.renders = 0;
globalThis.prepared = false;
export default {
  async preparePages() {
    globalThis.prepared = true;
  },
  async renderPage(href, data) {
    globalThis.renders++;
    if (!href.startsWith('/recipes')) return null;
    return '<title>All Recipes · Forkful</title><h1>' + data.body.data.title + '</h1>';
  },
};
`;

describe('the server bundle', () => {
  it('draws a page from its answer, and draws the same answer once', async () => {
    const markupFor = createPageMarkup(distWithBundle(COUNTING_BUNDLE), () => undefined);
    const state = globalThis as unknown as { renders: number; prepared: boolean };
    // Ready once the bundle has loaded and prepared its pages, before anything was drawn.
    expect(await markupFor.ready).toBe(true);
    expect(state.prepared).toBe(true);
    expect(state.renders).toBe(0);
    expect(await markupFor('/recipes', answer('Dal'))).toBe('<title>All Recipes · Forkful</title><h1>Dal</h1>');
    expect(await markupFor('/recipes', answer('Dal'))).toBe('<title>All Recipes · Forkful</title><h1>Dal</h1>');
    expect(state.renders).toBe(1);
    // New data is a new drawing.
    expect(await markupFor('/recipes', answer('Stew'))).toContain('<h1>Stew</h1>');
    expect(state.renders).toBe(2);
    expect(await markupFor('/view-recipe/x', answer('Dal'))).toBeNull();
  });

  it('is optional: without it, or when it does not load, there is no markup and the reason is logged', async () => {
    const missing = createPageMarkup(distWithBundle(null), () => undefined);
    expect(await missing.ready).toBe(false);
    expect(await missing('/recipes', answer('Dal'))).toBeNull();
    const warnings: string[] = [];
    const broken = createPageMarkup(distWithBundle('export const = ;'), (message) => warnings.push(message));
    expect(await broken.ready).toBe(false);
    expect(await broken('/recipes', answer('Dal'))).toBeNull();
    expect(await broken('/recipes', answer('Dal'))).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/server bundle did not load/);
  });

  it('passes a failure of the drawing on (the page then goes out for the browser to draw)', async () => {
    const failing = createPageMarkup(
      distWithBundle('export default { async renderPage() { throw new Error("boom"); } };'),
      () => undefined,
    );
    await expect(failing('/recipes', answer('Dal'))).rejects.toThrow('boom');
  });
});

describe('withPageMarkup', () => {
  const index = [
    "<html><head><title>Forkful · Recipes worth sharing</title><script>document.documentElement.classList.add('landing')</script></head><body>",
    '<div id="root"><!--shell--><div id="landing-shell"><h1>Cook something</h1></div><!--/shell--></div>',
    '<script type="application/json" id="forkful-page-data">{}</script></body></html>',
  ].join('');

  it("puts the page in place of the landing page, with the page's title and without the markup's scripts (the head's stay)", () => {
    const page = withPageMarkup(
      index,
      '<link rel="preload" as="image" imageSrcSet="/a.webp 320w" fetchPriority="high"/><title>All Recipes · Forkful</title><!--$--><h1>All Recipes</h1><script>alert(1)</script><!--/$-->',
    );
    expect(page).toBe(
      [
        "<html><head><title>All Recipes · Forkful</title><script>document.documentElement.classList.add('landing')</script></head><body>",
        '<div id="root"><div id="page-shell"><!--$--><h1>All Recipes</h1><!--/$--></div></div>',
        '<script type="application/json" id="forkful-page-data">{}</script></body></html>',
      ].join(''),
    );
  });

  it('keeps the title of index.html when the page has none, and leaves an index.html without the marks alone', () => {
    expect(withPageMarkup(index, '<h1>$& $1</h1>')).toContain(
      '<title>Forkful · Recipes worth sharing</title><script>document.documentElement.classList.add(\'landing\')</script></head><body><div id="root"><div id="page-shell"><h1>$& $1</h1></div></div>',
    );
    const unmarked = '<html><body><div id="root"></div></body></html>';
    expect(withPageMarkup(unmarked, '<h1>All Recipes</h1>')).toBe(unmarked);
  });
});
