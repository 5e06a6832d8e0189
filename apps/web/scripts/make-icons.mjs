// Draws the PWA icons (public/icons/) from the favicon's fork-and-knife art: run once when the logo changes
// (`node scripts/make-icons.mjs`); the PNGs are committed. The maskable icon keeps the art inside the safe zone
// (the middle 80 %) on a full-bleed background, as launchers crop it to a circle or squircle.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
mkdirSync(outDir, { recursive: true });
const art =
  'M11 6v8a3 3 0 0 0 2 2.8V26h2V16.8A3 3 0 0 0 17 14V6h-1.5v7h-1V6h-1v7h-1V6zM21 6c-1.7 0-3 2.7-3 6 0 2.2.8 3.6 2 4.1V26h2V6z';
const brand = '#c2410c';
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${brand}"/><path d="${art}" fill="#fff"/></svg>`;
// Safe zone: the art scaled to 60 % around the centre.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${brand}"/><g transform="translate(16 16) scale(0.6) translate(-16 -16)"><path d="${art}" fill="#fff"/></g></svg>`;

const icons = [
  { name: 'icon-192.png', svg: rounded, size: 192 },
  { name: 'icon-512.png', svg: rounded, size: 512 },
  { name: 'maskable-512.png', svg: maskable, size: 512 },
  { name: 'apple-touch-icon-180.png', svg: maskable, size: 180 },
];
for (const { name, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(outDir, name));
  console.info(`wrote ${path.join(outDir, name)}`);
}
