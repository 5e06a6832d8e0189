// Writes the landing page's markup into dist/index.html (docs/decisions/009): the browser paints the hero from the
// HTML and its stylesheet alone; React then renders the same page in its place. Run after `vite build`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.resolve(webRoot, process.argv[2] ?? 'dist');
// The server-side bundle stays in the build: the server draws /recipes and /view-recipe/{id} with it
// (docs/decisions/014). It sits in .ssr/, which the server does not serve (dotfiles are ignored).
const outDir = path.join(distDir, '.ssr');

await build({
  root: webRoot,
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender.tsx',
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
    manifest: false,
  },
  ssr: { noExternal: ['@forkful/contracts'] },
});
// The bundle's default export is checked against the contracts' ServerBundle type (src/prerender.tsx).
const { renderLanding, routeModules } = (await import(pathToFileURL(path.join(outDir, 'prerender.js')).href)).default;
const markup = (await renderLanding())
  // The CSP allows no inline script (should React ever write one, it goes), and the title is the page's own.
  .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
  .replace(/<title>[\s\S]*?<\/title>/g, '');
const indexFile = path.join(distDir, 'index.html');
let html = readFileSync(indexFile, 'utf8');
const slot = '<div id="root"></div>';
if (!html.includes(slot)) throw new Error(`${indexFile} has no empty ${slot}`);
// The comments mark what the server replaces with a page it draws itself (apps/server/src/spa/page-markup.ts).
html = html.replace(slot, `<div id="root"><!--shell--><div id="landing-shell">${markup}</div><!--/shell--></div>`);
// The stylesheet goes inline (the CSP allows inline styles): the first paint then waits for the HTML alone, not for
// a second request that would otherwise arrive after the scripts and paint only once they have run.
const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;
const link = stylesheet.exec(html);
if (!link) throw new Error(`${indexFile} links no stylesheet`);
const css = readFileSync(path.join(distDir, link[1]), 'utf8');
// A disabled link to the same file stays beside it: a disabled stylesheet is never fetched, but Vite's loader of lazy
// chunks, which lists the entry's stylesheet among their dependencies, finds it and does not add the file a second
// time. Without it the first lazy chunk after the first paint (the converter, 'More like this') downloaded the whole
// stylesheet again and restyled the page: a long task of up to 180 ms on Lighthouse's phone.
html = html.replace(link[0], () => `<style>${css}</style><link rel="stylesheet" href="${link[1]}" disabled>`);
// The app's scripts (the entry and its modulepreloads, and the page's own chunks that the server adds after them) go
// into a template that the inline start-up script (index.html) puts into the page once the page's main photo has
// been painted, or at once where there is none: the photo then does not share the phone's bandwidth with 160 KB of
// JavaScript (docs/decisions/030).
const scripts =
  /<script type="module" crossorigin src="[^"]+"><\/script>(?:\s*<link rel="modulepreload" crossorigin href="[^"]+">)*/;
const found = scripts.exec(html);
if (!found || !found[0].includes('modulepreload')) throw new Error(`${indexFile}: no entry script and modulepreloads`);
html = html.replace(found[0], () => `<template id="app-scripts">${found[0]}</template>`);
writeFileSync(indexFile, html);
console.info(`prerendered the landing page into ${indexFile} (${markup.length} characters)`);

// The chunks each lazy page needs beyond the start-up bundle, from Vite's manifest, for the server to preload in the
// page's HTML (docs/decisions/012): the route's code then downloads beside the main script, not after it has run.
// It sits in .vite/, which the server does not serve (dotfiles are ignored).
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
function chunkFiles(key, seen = new Set()) {
  if (seen.has(key)) return [];
  seen.add(key);
  const entry = manifest[key];
  if (!entry) throw new Error(`${key} is not in the build manifest`);
  return [entry.file, ...(entry.imports ?? []).flatMap((imported) => chunkFiles(imported, seen))];
}
const startUp = new Set(chunkFiles('index.html'));
const routeChunks = Object.fromEntries(
  routeModules.map(({ path: route, module, extra }) => [
    route,
    [...new Set([`src/app/routes/${module}.tsx`, ...extra].flatMap((key) => chunkFiles(key)))]
      .filter((file) => !startUp.has(file))
      .map((file) => `/${file}`),
  ]),
);
writeFileSync(path.join(distDir, '.vite', 'route-chunks.json'), `${JSON.stringify(routeChunks, null, 2)}\n`);
console.info(
  `listed the chunks of ${routeModules.length} lazy pages in ${path.join(distDir, '.vite', 'route-chunks.json')}`,
);
