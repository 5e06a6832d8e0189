import { bowl, plate } from './photo-scene.js';
import { GLAZES, type PhotoLook } from './photo-look.js';
import type { Random } from './random.js';
import {
  chunk,
  darken,
  leaf,
  lighten,
  pointInDisc,
  sprinkle,
  strandPath,
  type SvgCanvas,
} from './svg-canvas.js';

/** Dishes served in a bowl or piled on a plate: soups, stews and curries, rice, noodles. */

function liquid(svg: SvgCanvas, cx: number, cy: number, radius: number, colour: string): void {
  const fill = svg.radial(
    [
      [0, lighten(colour, 0.22)],
      [0.7, colour],
      [1, darken(colour, 0.3)],
    ],
    0.42,
    0.4,
  );
  svg.add(`<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${fill}"/>`);
}

function herbs(svg: SvgCanvas, random: Random, cx: number, cy: number, radius: number, count: number, colour: string) {
  for (let i = 0; i < count; i++) {
    const [x, y] = pointInDisc(random, cx, cy, radius);
    leaf(svg, x, y, random.range(30, 52), random.range(0, 360), random.chance(0.5) ? colour : lighten(colour, 0.15));
  }
}

function glaze(random: Random, avoid: string): string {
  return random.pick(GLAZES.filter((candidate) => candidate !== avoid));
}

export function soup(svg: SvgCanvas, random: Random, look: PhotoLook, cx: number, cy: number): void {
  const [base, cream, herb] = look.colours;
  const inner = bowl(svg, cx, cy, 370, glaze(random, base));
  liquid(svg, cx, cy, inner, base);
  // A spiral of cream: three loose turns, thinning out towards the middle.
  let path = '';
  for (let t = 0; t <= 1; t += 0.02) {
    const angle = t * Math.PI * 6 + random.range(0, 0.05);
    const r = inner * 0.62 * (1 - t) + 8;
    path += `${t === 0 ? 'M' : 'L'}${(cx + Math.cos(angle) * r).toFixed(1)},${(cy + Math.sin(angle) * r).toFixed(1)}`;
  }
  svg.add(`<path d="${path}" fill="none" stroke="${cream}" stroke-width="13" stroke-linecap="round" opacity="0.85"/>`);
  if (look.variant === 'croutons') {
    for (let i = 0; i < 7; i++) {
      const [x, y] = pointInDisc(random, cx, cy, inner * 0.7);
      chunk(svg, random, x, y, random.range(16, 22), '#d9a45b', 0.1);
    }
  }
  herbs(svg, random, cx, cy, inner * 0.35, 5, herb);
  sprinkle(svg, random, cx, cy, inner * 0.6, 40, '#2b2420', 2.6);
}

export function stew(svg: SvgCanvas, random: Random, look: PhotoLook, cx: number, cy: number): void {
  const [base, piece, herb, second, dollop] = look.colours;
  const inner = bowl(svg, cx, cy, 370, glaze(random, base));
  liquid(svg, cx, cy, inner, base);
  // Flecks of spice and oil give the sauce some texture.
  sprinkle(svg, random, cx, cy, inner * 0.95, 60, darken(base, 0.25), 5);
  sprinkle(svg, random, cx, cy, inner * 0.95, 30, lighten(base, 0.3), 4);
  for (let i = 0; i < 20; i++) {
    const [x, y] = pointInDisc(random, cx, cy, inner * 0.82);
    chunk(svg, random, x, y, random.range(24, 38), piece);
  }
  if (second) {
    for (let i = 0; i < 14; i++) {
      const [x, y] = pointInDisc(random, cx, cy, inner * 0.85);
      chunk(svg, random, x, y, random.range(15, 24), second, 0.12);
    }
  }
  if (dollop) chunk(svg, random, cx + random.range(-40, 40), cy + random.range(-40, 40), 70, dollop, 0.22);
  herbs(svg, random, cx, cy, inner * 0.6, 9, herb);
}

export function grains(svg: SvgCanvas, random: Random, look: PhotoLook, cx: number, cy: number): void {
  const [grain, piece, herb, second] = look.colours;
  const inner = bowl(svg, cx, cy, 370, glaze(random, grain));
  liquid(svg, cx, cy, inner, darken(grain, 0.12));
  // Grains of rice: many small pale ellipses in two tones.
  for (const tone of [darken(grain, 0.08), lighten(grain, 0.25)]) {
    sprinkle(svg, random, cx, cy, inner * 0.97, 260, tone, 9);
  }
  for (let i = 0; i < 12; i++) {
    const [x, y] = pointInDisc(random, cx, cy, inner * 0.75);
    chunk(svg, random, x, y, random.range(26, 40), piece);
  }
  if (second) {
    for (let i = 0; i < 18; i++) {
      const [x, y] = pointInDisc(random, cx, cy, inner * 0.85);
      chunk(svg, random, x, y, random.range(11, 17), second, 0.1);
    }
  }
  herbs(svg, random, cx, cy, inner * 0.6, 7, herb);
}

function noodleNest(
  svg: SvgCanvas,
  random: Random,
  cx: number,
  cy: number,
  radius: number,
  colour: string,
  count: number,
  width: number,
) {
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const [x, y] = pointInDisc(random, cx, cy, radius * 0.7);
    paths.push(strandPath(random, x, y, random.range(radius * 0.6, radius * 1.1), random.range(0, Math.PI * 2), 0.7));
  }
  const d = paths.join('');
  // A darker, wider stroke under a lighter one reads as round strands lying on each other.
  svg.add(
    `<path d="${d}" fill="none" stroke="${darken(colour, 0.28)}" stroke-width="${width + 4}" stroke-linecap="round"/>` +
      `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>`,
  );
}

function penne(svg: SvgCanvas, random: Random, cx: number, cy: number, radius: number, colour: string): void {
  const tubes: string[] = [];
  for (let i = 0; i < 46; i++) {
    const [x, y] = pointInDisc(random, cx, cy, radius);
    tubes.push(
      `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${Math.round(random.range(0, 180))})">` +
        `<path d="M-40,-13L32,-13L42,13L-30,13Z" fill="${svg.volume(colour, 0.25, 0.25)}" stroke="${darken(colour, 0.3)}" stroke-width="2"/>` +
        `<path d="M-20,-13L-12,13M0,-13L8,13M20,-13L28,13" stroke="${darken(colour, 0.15)}" stroke-width="2"/></g>`,
    );
  }
  svg.add(tubes.join(''));
}

function softEgg(svg: SvgCanvas, x: number, y: number, angle: number): void {
  svg.add(
    `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(0)})">` +
      `<ellipse rx="62" ry="46" fill="${svg.volume('#f7f3ea', 0.4, 0.12)}"/>` +
      `<circle cx="4" r="28" fill="${svg.volume('#f0a22a', 0.3, 0.2)}"/></g>`,
  );
}

export function noodles(svg: SvgCanvas, random: Random, look: PhotoLook, cx: number, cy: number): void {
  const [noodle, piece, herb, second] = look.colours;
  if (look.variant === 'broth') {
    const inner = bowl(svg, cx, cy, 380, glaze(random, noodle));
    liquid(svg, cx, cy, inner, second ?? '#d9a766');
    noodleNest(svg, random, cx, cy, inner * 0.8, noodle, 16, 9);
    for (let i = 0; i < 4; i++) {
      const angle = -0.4 + i * 0.5;
      chunk(svg, random, cx + Math.cos(angle) * inner * 0.55, cy + Math.sin(angle) * inner * 0.55, 58, piece, 0.12);
    }
    softEgg(svg, cx - inner * 0.45, cy - inner * 0.2, random.range(-30, 30));
    softEgg(svg, cx - inner * 0.2, cy - inner * 0.52, random.range(-30, 30));
    svg.add(
      `<rect x="${cx - inner * 0.2}" y="${cy + inner * 0.3}" width="150" height="190" rx="6" fill="#1f2a1e" ` +
        `transform="rotate(${random.range(-20, 20).toFixed(0)} ${cx} ${cy + inner * 0.4})"/>`,
    );
    sprinkle(svg, random, cx, cy, inner * 0.6, 36, herb, 10);
    return;
  }
  const well = plate(svg, cx, cy, 400);
  if (look.variant === 'short') {
    penne(svg, random, cx, cy, well * 0.78, noodle);
  } else {
    noodleNest(svg, random, cx, cy, well * 0.9, noodle, look.variant === 'wide' ? 22 : 34, look.variant === 'wide' ? 20 : 12);
  }
  for (let i = 0; i < 14; i++) {
    const [x, y] = pointInDisc(random, cx, cy, well * 0.6);
    chunk(svg, random, x, y, random.range(16, 30), piece, 0.25);
  }
  if (second) sprinkle(svg, random, cx, cy, well * 0.55, 40, second, 7);
  herbs(svg, random, cx, cy, well * 0.45, 5, herb);
  sprinkle(svg, random, cx, cy, well * 0.6, 50, '#2b2420', 2.4);
}
