import { board, plate } from './photo-scene.js';
import type { PhotoLook } from './photo-look.js';
import type { Random } from '../src/random.js';
import {
  blobPath,
  chunk,
  citrusWedge,
  darken,
  leaf,
  lighten,
  pointInDisc,
  sprinkle,
  type SvgCanvas,
} from './svg-canvas.js';

/** Dishes laid out on a plate or a board. */

function spear(svg: SvgCanvas, x: number, y: number, length: number, angle: number, colour: string): void {
  svg.add(
    `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(1)})">` +
      `<rect x="${-length / 2}" y="-9" width="${length}" height="18" rx="9" fill="${svg.volume(colour, 0.3, 0.2)}"/>` +
      `<path d="M${length / 2 - 30},-12 L${length / 2 + 6},0 L${length / 2 - 30},12Z" fill="${darken(colour, 0.2)}"/></g>`,
  );
}

export function mainPlate(svg: SvgCanvas, random: Random, look: PhotoLook, cx: number, cy: number): void {
  const [main, side, herb, extra] = look.colours;
  const well = plate(svg, cx, cy, 410, random.pick(['#f7f5f1', '#f1ebe0', '#e9eef0']));
  if (look.variant === 'fillet') {
    for (let i = 0; i < 7; i++) spear(svg, cx + 40, cy - 150 + i * 36, 300, random.range(-8, 8), side);
    svg.add(
      `<g transform="translate(${cx - 70} ${cy + 40}) rotate(${random.range(-25, -5).toFixed(0)}) scale(1.7 1)">` +
        `<path d="${blobPath(random, 0, 0, 110, 0.1, 8)}" fill="${svg.volume(main, 0.3, 0.25)}"/></g>`,
    );
    const lines = [-80, -30, 20, 70].map((dx) => `M${cx - 70 + dx},${cy - 50}q20,90 0,180`).join('');
    svg.add(`<path d="${lines}" fill="none" stroke="${lighten(main, 0.45)}" stroke-width="6" stroke-opacity="0.7"/>`);
  } else if (look.variant === 'skewers') {
    for (let i = 0; i < 3; i++) {
      const y = cy - 140 + i * 140;
      svg.add(
        `<rect x="${cx - 330}" y="${y - 5}" width="660" height="10" rx="5" fill="#d8b98a" transform="rotate(-12 ${cx} ${y})"/>`,
      );
      for (let j = 0; j < 5; j++) {
        const x = cx - 220 + j * 110;
        chunk(svg, random, x, y - (x - cx) * 0.21, random.range(42, 50), main, 0.15);
      }
    }
    for (let i = 0; i < 5; i++) {
      const [x, y] = pointInDisc(random, cx, cy, well * 0.8);
      svg.add(
        `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="30" fill="none" stroke="${side}" stroke-width="8"/>`,
      );
    }
  } else if (look.variant === 'burger') {
    const fries: string[] = [];
    for (let i = 0; i < 22; i++) {
      const [x, y] = pointInDisc(random, cx + 200, cy + 60, 130);
      fries.push(
        `<rect x="${(x - 70).toFixed(0)}" y="${(y - 12).toFixed(0)}" width="140" height="24" rx="8" ` +
          `transform="rotate(${random.range(0, 180).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`,
      );
    }
    svg.add(
      `<g fill="${svg.volume(side, 0.3, 0.3)}" stroke="${darken(side, 0.3)}" stroke-width="2">${fries.join('')}</g>`,
    );
    chunk(svg, random, cx - 110, cy - 20, 210, darken(main, 0.35), 0.06);
    chunk(svg, random, cx - 120, cy - 30, 195, main, 0.04);
    sprinkle(svg, random, cx - 140, cy - 60, 130, 45, '#f6ecd2', 6);
  } else if (look.variant === 'galette') {
    svg.add(
      `<rect x="${cx - 210}" y="${cy - 210}" width="420" height="420" rx="40" fill="${svg.volume(main, 0.2, 0.35)}" ` +
        `transform="rotate(${random.range(-12, 12).toFixed(0)} ${cx} ${cy})"/>`,
    );
    sprinkle(svg, random, cx, cy, 190, 120, darken(main, 0.25), 9);
    chunk(svg, random, cx, cy, 150, side, 0.12);
    chunk(svg, random, cx, cy, 80, '#f7f3ea', 0.15);
    svg.add(`<circle cx="${cx + 6}" cy="${cy - 4}" r="40" fill="${svg.volume('#f2a623', 0.35, 0.2)}"/>`);
  } else {
    for (let i = 0; i < 9; i++) {
      const [x, y] = pointInDisc(random, cx + 120, cy + 40, well * 0.42);
      chunk(svg, random, x, y, random.range(38, 50), side, 0.15);
    }
    for (let i = 0; i < 3; i++) {
      const x = cx - 130 + i * 70;
      const y = cy - 80 + (i % 2) * 140;
      chunk(svg, random, x, y, random.range(95, 115), main, 0.2);
      // Browned, crisp spots on the skin.
      sprinkle(svg, random, x, y, 70, 14, darken(main, 0.3), 9);
    }
  }
  if (extra) citrusWedge(svg, cx + well * 0.55, cy - well * 0.55, 70, random.range(0, 360), extra);
  for (let i = 0; i < 6; i++) {
    const [x, y] = pointInDisc(random, cx, cy, well * 0.75);
    leaf(svg, x, y, random.range(30, 46), random.range(0, 360), herb);
  }
  sprinkle(svg, random, cx, cy, well * 0.8, 40, '#2b2420', 2.6);
}

export function pizza(svg: SvgCanvas, random: Random, look: PhotoLook, cx: number, cy: number): void {
  const [sauce, cheese, herb] = look.colours;
  board(svg, random, cx, cy, 440);
  svg.add(`<path d="${blobPath(random, cx, cy, 390, 0.03, 12)}" fill="${svg.volume('#d49a52', 0.3, 0.35)}"/>`);
  svg.add(`<path d="${blobPath(random, cx, cy, 330, 0.04, 12)}" fill="${svg.volume(sauce, 0.2, 0.25)}"/>`);
  for (let i = 0; i < 11; i++) {
    const [x, y] = pointInDisc(random, cx, cy, 250);
    chunk(svg, random, x, y, random.range(40, 60), cheese, 0.25);
  }
  sprinkle(svg, random, cx, cy, 320, 30, '#c98d3e', 9);
  for (let i = 0; i < 8; i++) {
    const [x, y] = pointInDisc(random, cx, cy, 260);
    leaf(svg, x, y, random.range(50, 70), random.range(0, 360), herb);
  }
  const cuts = [0, 45, 90, 135]
    .map((a) => `<path d="M${cx - 390},${cy}L${cx + 390},${cy}" transform="rotate(${a + 10} ${cx} ${cy})"/>`)
    .join('');
  svg.add(`<g stroke="${darken(sauce, 0.45)}" stroke-width="3" stroke-opacity="0.35">${cuts}</g>`);
}

export function stack(svg: SvgCanvas, random: Random, look: PhotoLook, cx: number, cy: number): void {
  const [pancake, syrup, fruit, berry] = look.colours;
  plate(svg, cx, cy, 400, random.pick(['#f7f5f1', '#e6eef0']));
  // Three pancakes, each peeking out below the one on top, with a golden rim.
  for (let i = 0; i < 3; i++) {
    const x = cx + (1 - i) * 22;
    const y = cy + (1 - i) * 26;
    svg.add(
      `<path d="${blobPath(random, x, y, 250, 0.03, 10)}" fill="${svg.volume(pancake, 0.3, 0.3)}" ` +
        `stroke="${darken(pancake, 0.35)}" stroke-width="5"/>`,
    );
  }
  svg.add(`<path d="${blobPath(random, cx, cy, 150, 0.3, 9)}" fill="${syrup}" fill-opacity="0.55"/>`);
  for (let i = 0; i < 8; i++) {
    const [x, y] = pointInDisc(random, cx, cy, 170);
    svg.add(
      `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="32" fill="${svg.volume(fruit, 0.2, 0.15)}" stroke="${darken(fruit, 0.12)}" stroke-width="3"/>`,
    );
  }
  svg.add(
    `<rect x="${cx - 38}" y="${cy - 32}" width="76" height="64" rx="12" fill="${svg.volume('#f8e7a2', 0.4, 0.15)}"/>`,
  );
  if (berry) {
    for (let i = 0; i < 12; i++) {
      const [x, y] = pointInDisc(random, cx, cy, 200);
      svg.add(`<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="15" fill="${svg.volume(berry, 0.35, 0.2)}"/>`);
    }
  }
}

export function cake(svg: SvgCanvas, random: Random, look: PhotoLook, cx: number, cy: number): void {
  const [frosting, fruit, dusting] = look.colours;
  plate(svg, cx, cy, 420, random.pick(['#8fa6b8', '#6f8f7a', '#3a3a3c']));
  // The sponge shows as a golden band around the frosted top.
  svg.add(`<circle cx="${cx + 8}" cy="${cy + 10}" r="316" fill="${svg.volume('#e3b469', 0.2, 0.3)}"/>`);
  svg.add(`<circle cx="${cx}" cy="${cy}" r="300" fill="${svg.volume(frosting, 0.25, 0.22)}"/>`);
  for (let i = 0; i < 18; i++) {
    const angle = (i / 18) * Math.PI * 2;
    chunk(svg, random, cx + Math.cos(angle) * 262, cy + Math.sin(angle) * 262, 30, lighten(frosting, 0.1), 0.1);
  }
  for (let i = 0; i < 9; i++) {
    const [x, y] = pointInDisc(random, cx, cy, 160);
    chunk(svg, random, x, y, random.range(30, 40), fruit, 0.15);
  }
  sprinkle(svg, random, cx, cy, 240, 80, dusting, 3.5);
  const [herb] = look.colours.slice(3);
  if (herb)
    for (let i = 0; i < 4; i++)
      leaf(svg, cx + random.range(-120, 120), cy + random.range(-120, 120), 44, random.range(0, 360), herb);
}

export function cookies(svg: SvgCanvas, random: Random, look: PhotoLook, cx: number, cy: number): void {
  const [dough, chips] = look.colours;
  board(svg, random, cx, cy, 430);
  const spots: Array<[number, number]> = [
    [cx, cy],
    ...Array.from({ length: 6 }, (_, i): [number, number] => {
      const angle = (i / 6) * Math.PI * 2 + random.range(-0.15, 0.15);
      return [cx + Math.cos(angle) * 250, cy + Math.sin(angle) * 250];
    }),
  ];
  for (const [x, y] of spots) {
    svg.add(`<path d="${blobPath(random, x, y, 118, 0.06, 9)}" fill="${svg.volume(dough, 0.25, 0.4)}"/>`);
    sprinkle(svg, random, x, y, 90, 12, lighten(dough, 0.25), 10);
    for (let i = 0; i < 7; i++) {
      const [px, py] = pointInDisc(random, x, y, 85);
      chunk(svg, random, px, py, random.range(9, 14), chips, 0.3);
    }
  }
}

export function tacos(svg: SvgCanvas, random: Random, look: PhotoLook, cx: number, cy: number): void {
  const [filling, topping, herb, lime] = look.colours;
  plate(svg, cx, cy, 430, random.pick(['#f1ebe0', '#e6eef0']));
  for (let i = 0; i < 3; i++) {
    const x = cx - 210 + i * 210;
    const y = cy + (i === 1 ? -60 : 60);
    svg.add(`<path d="${blobPath(random, x, y, 165, 0.04, 10)}" fill="${svg.volume('#ecd29b', 0.3, 0.25)}"/>`);
    sprinkle(svg, random, x, y, 150, 14, '#c9995a', 8);
    for (let j = 0; j < 10; j++) {
      const [px, py] = pointInDisc(random, x, y, 90);
      chunk(svg, random, px, py, random.range(18, 28), filling, 0.3);
    }
    sprinkle(svg, random, x, y, 90, 14, topping, 9);
    for (let j = 0; j < 3; j++)
      leaf(svg, x + random.range(-60, 60), y + random.range(-60, 60), 36, random.range(0, 360), herb);
  }
  if (lime) citrusWedge(svg, cx + 30, cy + 250, 70, random.range(-30, 30), lime);
}
