// Writes the landing page's markup into dist/index.html (docs/decisions/009): the browser paints the hero from the
// HTML and its stylesheet alone; React then renders the same page in its place. Run after `vite build`.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(webRoot, 'node_modules', '.tmp', 'prerender');

await build({
  root: webRoot,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, sourcemap: false },
  ssr: { noExternal: ['@forkful/contracts'] },
});
const { renderLanding } = await import(pathToFileURL(path.join(outDir, 'prerender.js')).href);
const markup = (await renderLanding())
  // The CSP allows no inline script (React Router's scroll restoration writes one), and the title is the page's own.
  .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
  .replace(/<title>[\s\S]*?<\/title>/g, '');
rmSync(outDir, { recursive: true, force: true });

const distDir = path.resolve(webRoot, process.argv[2] ?? 'dist');
const indexFile = path.join(distDir, 'index.html');
let html = readFileSync(indexFile, 'utf8');
const slot = '<div id="root"></div>';
if (!html.includes(slot)) throw new Error(`${indexFile} has no empty ${slot}`);
html = html.replace(slot, `<div id="root"><div id="landing-shell">${markup}</div></div>`);
// The stylesheet goes inline (the CSP allows inline styles): the first paint then waits for the HTML alone, not for
// a second request that would otherwise arrive after the scripts and paint only once they have run.
const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;
const link = stylesheet.exec(html);
if (!link) throw new Error(`${indexFile} links no stylesheet`);
const css = readFileSync(path.join(distDir, link[1]), 'utf8');
html = html.replace(link[0], () => `<style>${css}</style>`);
writeFileSync(indexFile, html);
console.info(`prerendered the landing page into ${indexFile} (${markup.length} characters)`);
