import { bakingDish } from './photo-scene.js';
import { GLAZES, type PhotoLook } from './photo-look.js';
import type { Random } from '../src/random.js';
import { blobPath, chunk, darken, leaf, lighten, strandPath, type SvgCanvas } from './svg-canvas.js';

/** Dishes baked in a rectangular dish: enchiladas, gratins, crumbles, tiramisu. */

function dust(
  svg: SvgCanvas,
  random: Random,
  area: { x: number; y: number; width: number; height: number },
  count: number,
  colour: string,
  size: number,
): void {
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = area.x + random.range(size, area.width - size);
    const y = area.y + random.range(size, area.height - size);
    dots.push(`<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(size * random.range(0.4, 1)).toFixed(1)}"/>`);
  }
  svg.add(`<g fill="${colour}">${dots.join('')}</g>`);
}

export function tray(svg: SvgCanvas, random: Random, look: PhotoLook, cx: number, cy: number): void {
  const [top, crust, garnish] = look.colours;
  const dish = bakingDish(svg, cx, cy, 860, 620, random.pick(GLAZES));
  svg.add(
    `<rect x="${dish.x}" y="${dish.y}" width="${dish.width}" height="${dish.height}" rx="36" fill="${svg.volume(top, 0.25, 0.25)}"/>`,
  );
  const midX = dish.x + dish.width / 2;
  const midY = dish.y + dish.height / 2;
  if (look.variant === 'rolls') {
    for (let i = 0; i < 5; i++) {
      const y = dish.y + 20 + i * ((dish.height - 40) / 5);
      svg.add(
        `<rect x="${dish.x + 16}" y="${y.toFixed(0)}" width="${dish.width - 32}" height="${((dish.height - 40) / 5 - 10).toFixed(0)}" ` +
          `rx="40" fill="${svg.volume(lighten(top, 0.15), 0.3, 0.3)}" fill-opacity="0.8"/>`,
      );
    }
  }
  if (look.variant === 'dusted') {
    // Cocoa over the whole top: a fine, uneven powder rather than pieces.
    dust(svg, random, dish, 1800, crust, 6);
    dust(svg, random, dish, 500, darken(crust, 0.25), 4);
  } else if (look.variant === 'gratin') {
    // Macaroni elbows under a golden crust of breadcrumbs and a few browned patches of cheese.
    const elbows = Array.from({ length: 150 }, () => {
      const x = dish.x + random.range(30, dish.width - 30);
      const y = dish.y + random.range(30, dish.height - 30);
      const a = random.range(0, Math.PI * 2);
      return `M${x.toFixed(0)},${y.toFixed(0)}q${(Math.cos(a) * 30).toFixed(0)},${(Math.sin(a) * 30).toFixed(0)} ${(Math.cos(a + 1.4) * 40).toFixed(0)},${(Math.sin(a + 1.4) * 40).toFixed(0)}`;
    }).join('');
    svg.add(
      `<path d="${elbows}" fill="none" stroke="${darken(top, 0.2)}" stroke-width="22" stroke-linecap="round"/>` +
        `<path d="${elbows}" fill="none" stroke="${lighten(top, 0.2)}" stroke-width="16" stroke-linecap="round"/>`,
    );
    for (let i = 0; i < 9; i++) {
      const x = dish.x + random.range(60, dish.width - 60);
      const y = dish.y + random.range(60, dish.height - 60);
      svg.add(
        `<path d="${blobPath(random, x, y, random.range(40, 70), 0.3, 7)}" fill="${crust}" fill-opacity="0.55"/>`,
      );
    }
    dust(svg, random, dish, 500, darken(crust, 0.15), 6);
  } else {
    const crumble = look.variant === 'crumble';
    for (let i = 0; i < (crumble ? 150 : 26); i++) {
      const x = dish.x + random.range(24, dish.width - 24);
      const y = dish.y + random.range(24, dish.height - 24);
      chunk(svg, random, x, y, crumble ? random.range(18, 32) : random.range(24, 50), crust, 0.3);
    }
  }
  if (look.variant === 'crumble') chunk(svg, random, midX + 150, midY - 60, 95, '#f8f1de', 0.1);
  if (look.variant === 'rolls') {
    const drizzle = Array.from({ length: 4 }, () =>
      strandPath(random, dish.x + random.range(60, 200), dish.y + random.range(60, dish.height - 60), 520, 0, 0.35),
    ).join('');
    svg.add(
      `<path d="${drizzle}" fill="none" stroke="#f4efe4" stroke-width="10" stroke-linecap="round" stroke-opacity="0.9"/>`,
    );
  }
  for (let i = 0; i < 8; i++) {
    leaf(
      svg,
      dish.x + random.range(40, dish.width - 40),
      dish.y + random.range(40, dish.height - 40),
      40,
      random.range(0, 360),
      garnish,
    );
  }
}
