import { bowl, plate } from './photo-scene.js';
import { GLAZES, type PhotoLook } from './photo-look.js';
import type { Random } from '../src/random.js';
import {
  blobPath,
  chunk,
  darken,
  leaf,
  lighten,
  mix,
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
  svg.add(
    `<path d="${path}" fill="none" stroke="${cream}" stroke-width="13" stroke-linecap="round" stroke-opacity="0.85"/>`,
  );
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
  const [grain, piece, herb, second, seeds] = look.colours;
  const inner = bowl(svg, cx, cy, 370, glaze(random, grain));
  // A warm undertone keeps white rice from looking grey.
  liquid(svg, cx, cy, inner, mix(grain, '#c9a46e', 0.22));
  // Grains of rice: many small pale ellipses in two tones.
  for (const tone of [mix(grain, '#b98d55', 0.2), lighten(grain, 0.35)]) {
    sprinkle(svg, random, cx, cy, inner * 0.97, 260, tone, 9);
  }
  // The topping sits heaped on one side of the bowl, as it is usually served.
  const side = random.range(0, Math.PI * 2);
  const tx = cx + Math.cos(side) * inner * 0.3;
  const ty = cy + Math.sin(side) * inner * 0.3;
  for (let i = 0; i < 13; i++) {
    const [x, y] = pointInDisc(random, tx, ty, inner * 0.45);
    chunk(svg, random, x, y, random.range(28, 44), piece);
  }
  if (second) {
    for (let i = 0; i < 16; i++) {
      const [x, y] = pointInDisc(random, cx, cy, inner * 0.85);
      chunk(svg, random, x, y, random.range(12, 22), second, 0.15);
    }
  }
  if (seeds) sprinkle(svg, random, tx, ty, inner * 0.45, 50, seeds, 5);
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
  // Twirled pasta: arcs that mostly follow circles around the middle, plus a few loose strands crossing them.
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = radius * Math.sqrt(random.range(0.02, 1));
    const start = random.range(0, Math.PI * 2);
    const sweep = random.range(1.2, 3);
    let d = '';
    for (let k = 0; k <= 12; k++) {
      const angle = start + (sweep * k) / 12;
      const wobble = r * (1 + random.range(-0.06, 0.06));
      d += `${k === 0 ? 'M' : 'L'}${(cx + Math.cos(angle) * wobble).toFixed(1)},${(cy + Math.sin(angle) * wobble).toFixed(1)}`;
    }
    paths.push(d);
  }
  for (let i = 0; i < count / 8; i++) {
    const [x, y] = pointInDisc(random, cx, cy, radius * 0.5);
    paths.push(strandPath(random, x, y, radius * 0.9, random.range(0, Math.PI * 2), 0.5));
  }
  const d = paths.join('');
  // A sauce-coated heap under the strands, so the plate does not show through the gaps.
  svg.add(`<path d="${blobPath(random, cx, cy, radius * 0.8, 0.12, 9)}" fill="${darken(colour, 0.12)}"/>`);
  // A darker, wider stroke under a lighter one reads as round strands lying on each other.
  svg.add(
    `<path d="${d}" fill="none" stroke="${darken(colour, 0.3)}" stroke-width="${width + 4}" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
}

function penne(svg: SvgCanvas, random: Random, cx: number, cy: number, radius: number, colour: string, sauce: string) {
  svg.add(`<path d="${blobPath(random, cx, cy, radius * 0.95, 0.12, 9)}" fill="${svg.volume(sauce, 0.15, 0.3)}"/>`);
  const tubes: string[] = [];
  for (let i = 0; i < 70; i++) {
    const [x, y] = pointInDisc(random, cx, cy, radius * 0.85);
    tubes.push(
      `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${Math.round(random.range(0, 180))})">` +
        `<path d="M-56,-18L44,-18L58,18L-42,18Z"/>` +
        `<path d="M-28,-18L-16,18M0,-18L12,18M28,-18L40,18" stroke="${darken(colour, 0.2)}" stroke-width="3"/></g>`,
    );
  }
  svg.add(
    `<g fill="${svg.volume(colour, 0.25, 0.25)}" stroke="${darken(colour, 0.3)}" stroke-width="2">${tubes.join('')}</g>`,
  );
  // Sauce clinging to the pasta.
  for (let i = 0; i < 24; i++) {
    const [x, y] = pointInDisc(random, cx, cy, radius * 0.85);
    svg.add(`<path d="${blobPath(random, x, y, random.range(14, 30), 0.35, 6)}" fill="${sauce}" fill-opacity="0.85"/>`);
  }
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
    noodleNest(svg, random, cx, cy, inner * 0.8, noodle, 36, 9);
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
    penne(svg, random, cx, cy, well * 0.8, noodle, piece);
  } else {
    const wide = look.variant === 'wide';
    noodleNest(svg, random, cx, cy, well * 0.72, noodle, wide ? 40 : 90, wide ? 22 : 11);
  }
  if (look.variant === 'wide' && second) {
    svg.add(`<path d="${blobPath(random, cx, cy, well * 0.42, 0.25, 8)}" fill="${svg.volume(second, 0.2, 0.2)}"/>`);
  }
  for (let i = 0; i < 14; i++) {
    const [x, y] = pointInDisc(random, cx, cy, well * 0.6);
    chunk(svg, random, x, y, random.range(16, 30), piece, 0.25);
  }
  if (second && look.variant !== 'wide') sprinkle(svg, random, cx, cy, well * 0.55, 40, second, 7);
  herbs(svg, random, cx, cy, well * 0.45, 5, herb);
  sprinkle(svg, random, cx, cy, well * 0.6, 50, '#2b2420', 2.4);
}
