import type { Random } from '../src/random.js';
import { darken, leaf, lighten, sprinkle, type SvgCanvas } from './svg-canvas.js';

/** The table under the food: a few surfaces food photographers like, chosen per recipe. */
const SURFACES = [
  { base: '#8a5a3b', grain: '#6e442a', light: '#a87150' },
  { base: '#b88a5e', grain: '#94663f', light: '#d0a477' },
  { base: '#3b4148', grain: '#2c3137', light: '#4c535b' },
  { base: '#e9e2d6', grain: '#d6ccbc', light: '#f5f0e8' },
  { base: '#6b4a35', grain: '#543624', light: '#855e44' },
] as const;

const NAPKINS = ['#8fa98a', '#c56b4f', '#3f5a7a', '#d9b44a', '#e7e3da'] as const;

export function table(svg: SvgCanvas, random: Random): void {
  const surface = random.pick(SURFACES);
  // Lit from the upper left and darker towards the corners, like a vignette. An overlay over the finished picture
  // would look the same but costs a fifth of the rendering time.
  const fill = svg.radial(
    [
      [0, surface.light],
      [0.45, surface.base],
      [1, darken(surface.base, 0.35)],
    ],
    0.4,
    0.35,
    0.75,
  );
  svg.add(`<rect width="${svg.width}" height="${svg.height}" fill="${fill}"/>`);
  // Grain or weave: long, faint, slightly wavy lines across the whole table.
  const lines: string[] = [];
  for (let y = random.range(-20, 20); y < svg.height + 40; y += random.range(26, 70)) {
    const wave = random.range(-18, 18);
    lines.push(
      `<path d="M-20,${Math.round(y)}C${svg.width * 0.3},${Math.round(y + wave)} ${svg.width * 0.6},${Math.round(y - wave)} ` +
        `${svg.width + 20},${Math.round(y + random.range(-10, 10))}" stroke-width="${random.range(1.5, 5).toFixed(1)}"/>`,
    );
  }
  svg.add(`<g fill="none" stroke="${surface.grain}" stroke-opacity="0.45">${lines.join('')}</g>`);
}

/** A folded napkin peeking in from one corner, and a fork beside the plate. */
export function tableSetting(svg: SvgCanvas, random: Random, cx: number, cy: number, radius: number): void {
  const colour = random.pick(NAPKINS);
  const left = random.chance(0.5);
  const x = left ? random.range(-60, 40) : svg.width - random.range(230, 320);
  const y = random.chance(0.5) ? random.range(-160, -60) : svg.height - random.range(200, 280);
  const angle = random.range(-18, 18);
  const stripes = Array.from(
    { length: 5 },
    (_, i) =>
      `<rect x="${30 + i * 56}" y="0" width="10" height="420" fill="${darken(colour, 0.18)}" fill-opacity="0.5"/>`,
  ).join('');
  svg.add(
    `<g transform="translate(${Math.round(x)} ${Math.round(y)}) rotate(${angle.toFixed(1)})">` +
      `<rect x="8" y="10" width="300" height="420" rx="6" fill="#000" fill-opacity="0.18"/>` +
      `<rect width="300" height="420" rx="6" fill="${svg.linear([
        [0, lighten(colour, 0.15)],
        [1, darken(colour, 0.08)],
      ])}"/>${stripes}</g>`,
  );
  const forkX = left ? cx + radius + 70 : cx - radius - 70;
  if (forkX > 40 && forkX < svg.width - 40) fork(svg, forkX, cy + random.range(-30, 30), random.range(-6, 6));
}

function fork(svg: SvgCanvas, x: number, y: number, angle: number): void {
  const metal = svg.linear([
    [0, '#f4f4f2'],
    [0.5, '#b9bcbf'],
    [1, '#8d9196'],
  ]);
  const tines = [-21, -7, 7, 21]
    .map((dx) => `<rect x="${dx - 3.5}" y="-300" width="7" height="130" rx="3.5"/>`)
    .join('');
  svg.add(
    `<g transform="translate(${Math.round(x)} ${Math.round(y)}) rotate(${angle.toFixed(1)})">` +
      `<g fill="#000" fill-opacity="0.2" transform="translate(8 10)"><rect x="-12" y="-120" width="24" height="400" rx="12"/>` +
      `<rect x="-30" y="-210" width="60" height="100" rx="26"/></g>` +
      `<g fill="${metal}">${tines}<rect x="-30" y="-210" width="60" height="100" rx="26"/>` +
      `<rect x="-12" y="-130" width="24" height="410" rx="12"/></g></g>`,
  );
}

/** A soft shadow under a round vessel, thrown down and to the right (the light comes from the upper left). */
export function shadow(svg: SvgCanvas, cx: number, cy: number, rx: number, ry = rx): void {
  const fill = svg.radial([
    [0.75, '#000000', 0.38],
    [1, '#000000', 0],
  ]);
  svg.add(`<ellipse cx="${cx + 22}" cy="${cy + 30}" rx="${rx * 1.08}" ry="${ry * 1.08}" fill="${fill}"/>`);
}

export function plate(svg: SvgCanvas, cx: number, cy: number, radius: number, tint = '#f7f5f1'): number {
  shadow(svg, cx, cy, radius);
  svg.add(`<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${svg.volume(tint, 0.5, 0.12)}"/>`);
  const well = radius * 0.74;
  svg.add(
    `<circle cx="${cx}" cy="${cy}" r="${well}" fill="${svg.radial([
      [0, lighten(tint, 0.3)],
      [0.85, tint],
      [1, darken(tint, 0.1)],
    ])}" stroke="${darken(tint, 0.08)}" stroke-width="3"/>`,
  );
  return well;
}

/** A glazed bowl seen from above; returns the radius of the food surface inside it. */
export function bowl(svg: SvgCanvas, cx: number, cy: number, radius: number, glaze: string): number {
  shadow(svg, cx, cy, radius);
  svg.add(`<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${svg.volume(glaze, 0.3, 0.3)}"/>`);
  svg.add(
    `<circle cx="${cx}" cy="${cy}" r="${radius * 0.93}" fill="none" stroke="${lighten(glaze, 0.35)}" stroke-width="${radius * 0.035}"/>`,
  );
  const inner = radius * 0.86;
  svg.add(`<circle cx="${cx}" cy="${cy}" r="${inner}" fill="${darken(glaze, 0.35)}"/>`);
  return inner * 0.95;
}

/** A wooden board (for pizza, bread and cookies). */
export function board(svg: SvgCanvas, random: Random, cx: number, cy: number, radius: number): void {
  shadow(svg, cx, cy, radius);
  const wood = random.pick(['#c8965f', '#b07a45', '#d6ab74']);
  svg.add(`<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${svg.volume(wood, 0.2, 0.25)}"/>`);
  const rings = [0.82, 0.6, 0.35].map((r) => `<circle cx="${cx}" cy="${cy}" r="${Math.round(radius * r)}"/>`).join('');
  svg.add(`<g fill="none" stroke="${darken(wood, 0.15)}" stroke-opacity="0.35" stroke-width="3">${rings}</g>`);
}

/** A rectangular ceramic baking dish with handles; returns the inner rectangle. */
export function bakingDish(
  svg: SvgCanvas,
  cx: number,
  cy: number,
  width: number,
  height: number,
  glaze: string,
): { x: number; y: number; width: number; height: number } {
  const x = cx - width / 2;
  const y = cy - height / 2;
  svg.add(
    `<rect x="${x + 24}" y="${y + 30}" width="${width}" height="${height}" rx="60" fill="#000" fill-opacity="0.25"/>`,
  );
  const body = svg.volume(glaze, 0.3, 0.25);
  svg.add(`<rect x="${x - 50}" y="${cy - 60}" width="${width + 100}" height="120" rx="50" fill="${body}"/>`);
  svg.add(`<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="60" fill="${body}"/>`);
  const inset = 34;
  const inner = { x: x + inset, y: y + inset, width: width - inset * 2, height: height - inset * 2 };
  svg.add(
    `<rect x="${inner.x}" y="${inner.y}" width="${inner.width}" height="${inner.height}" rx="36" fill="${darken(glaze, 0.3)}"/>`,
  );
  return inner;
}

/** A few herbs and spices scattered on the table, as if left over from cooking. */
export function tableCrumbs(svg: SvgCanvas, random: Random, herb: string): void {
  for (let i = 0; i < 3; i++) {
    const x = random.chance(0.5) ? random.range(40, 200) : random.range(1080, 1240);
    leaf(svg, x, random.range(60, 900), random.range(38, 60), random.range(0, 360), herb);
  }
  sprinkle(svg, random, random.range(100, 1180), random.range(80, 880), 70, 14, '#2b2420', 3.5);
}
