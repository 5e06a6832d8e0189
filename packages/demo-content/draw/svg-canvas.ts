import type { Random } from '../src/random.js';

/**
 * A tiny SVG writer with shared gradients and the organic shapes food photos are made of. Shapes are kept to
 * plain paths and gradients (no filters): librsvg renders blur filters at full resolution, which would cost more
 * seed time than all the rest put together.
 */
export class SvgCanvas {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private readonly gradientIds = new Map<string, string>();

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  add(element: string): void {
    this.body.push(element);
  }

  /** A gradient that makes a flat shape look rounded: highlight towards the light (top left), darker rim. */
  volume(colour: string, highlight = 0.35, rim = 0.3): string {
    return this.radial(
      [
        [0, lighten(colour, highlight)],
        [0.55, colour],
        [1, darken(colour, rim)],
      ],
      0.35,
      0.3,
    );
  }

  radial(stops: Array<[number, string, number?]>, fx = 0.5, fy = 0.5, r = 0.5): string {
    const key = `r${fx},${fy},${r}:${JSON.stringify(stops)}`;
    return this.gradient(
      key,
      (id) => `<radialGradient id="${id}" fx="${fx}" fy="${fy}" r="${r}">${stopTags(stops)}</radialGradient>`,
    );
  }

  /** A linear gradient from top left to bottom right (or top to bottom when `vertical`). */
  linear(stops: Array<[number, string, number?]>, vertical = false): string {
    const key = `l${vertical}:${JSON.stringify(stops)}`;
    const direction = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
    return this.gradient(key, (id) => `<linearGradient id="${id}" ${direction}>${stopTags(stops)}</linearGradient>`);
  }

  private gradient(key: string, make: (id: string) => string): string {
    let id = this.gradientIds.get(key);
    if (!id) {
      id = `g${this.gradientIds.size}`;
      this.gradientIds.set(key, id);
      this.defs.push(make(id));
    }
    return `url(#${id})`;
  }

  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" ` +
      `viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`
    );
  }
}

function stopTags(stops: Array<[number, string, number?]>): string {
  return stops
    .map(([offset, colour, opacity]) => {
      const alpha = opacity === undefined ? '' : ` stop-opacity="${opacity}"`;
      return `<stop offset="${offset}" stop-color="${colour}"${alpha}/>`;
    })
    .join('');
}

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function mix(a: string, b: string, amount: number): string {
  const [ar, ag, ab] = channels(a);
  const [br, bg, bb] = channels(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * amount)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(ar, br)}${channel(ag, bg)}${channel(ab, bb)}`;
}

export const lighten = (colour: string, amount: number): string => mix(colour, '#ffffff', amount);
export const darken = (colour: string, amount: number): string => mix(colour, '#000000', amount);

const round = (value: number) => Math.round(value * 10) / 10;

/** A closed, smooth, irregular outline around (cx, cy): the basis of every piece of food. */
export function blobPath(random: Random, cx: number, cy: number, radius: number, jitter = 0.18, points = 7): string {
  const start = random.range(0, Math.PI * 2);
  const corners = Array.from({ length: points }, (_, i) => {
    const angle = start + (i / points) * Math.PI * 2;
    const r = radius * (1 + random.range(-jitter, jitter));
    return [cx + Math.cos(angle) * r, cy + Math.sin(angle) * r] as const;
  });
  // Catmull-Rom through the corners, written as cubic Béziers.
  const at = (i: number) => corners[(i + points) % points] as readonly [number, number];
  let path = `M${round(at(0)[0])},${round(at(0)[1])}`;
  for (let i = 0; i < points; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    path += `C${round(c1[0] ?? 0)},${round(c1[1] ?? 0)} ${round(c2[0] ?? 0)},${round(c2[1] ?? 0)} ${round(p2[0])},${round(p2[1])}`;
  }
  return `${path}Z`;
}

/** A piece of food with some volume: a blob with a lit gradient and a faint darker edge. */
export function chunk(
  svg: SvgCanvas,
  random: Random,
  x: number,
  y: number,
  radius: number,
  colour: string,
  jitter = 0.2,
): void {
  svg.add(
    `<path d="${blobPath(random, x, y, radius, jitter)}" fill="${svg.volume(colour)}" ` +
      `stroke="${darken(colour, 0.35)}" stroke-opacity="0.45" stroke-width="1.5"/>`,
  );
}

/** A herb leaf (basil, coriander, mint, spinach) pointing at `angle` degrees. */
export function leaf(svg: SvgCanvas, x: number, y: number, length: number, angle: number, colour: string): void {
  const h = length / 2;
  const w = length * 0.32;
  svg.add(
    `<g transform="translate(${round(x)} ${round(y)}) rotate(${round(angle)})">` +
      `<path d="M0,${-h}C${w},${-h * 0.45} ${w},${h * 0.45} 0,${h}C${-w},${h * 0.45} ${-w},${-h * 0.45} 0,${-h}Z" ` +
      `fill="${svg.volume(colour, 0.25, 0.25)}"/>` +
      `<path d="M0,${-h * 0.85}L0,${h}" stroke="${darken(colour, 0.25)}" stroke-width="${round(length / 28)}"/></g>`,
  );
}

/** A point spread evenly over a disc (the square root keeps the centre from crowding). */
export function pointInDisc(random: Random, cx: number, cy: number, radius: number): [number, number] {
  const angle = random.range(0, Math.PI * 2);
  const r = Math.sqrt(random.next()) * radius;
  return [cx + Math.cos(angle) * r, cy + Math.sin(angle) * r];
}

/** Many small round things: pepper, seeds, chilli flakes, sugar. */
export function sprinkle(
  svg: SvgCanvas,
  random: Random,
  cx: number,
  cy: number,
  radius: number,
  count: number,
  colour: string,
  size: number,
): void {
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    const [x, y] = pointInDisc(random, cx, cy, radius);
    const rx = size * random.range(0.6, 1.2);
    dots.push(
      `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(rx)}" ry="${round(rx * random.range(0.5, 1))}" ` +
        `transform="rotate(${Math.round(random.range(0, 180))} ${round(x)} ${round(y)})"/>`,
    );
  }
  svg.add(`<g fill="${colour}">${dots.join('')}</g>`);
}

/** A wavy strand (noodle, drizzle, grain line) from (x, y) heading at `angle` radians. */
export function strandPath(random: Random, x: number, y: number, length: number, angle: number, wobble = 0.9): string {
  let px = x;
  let py = y;
  let heading = angle;
  let path = `M${round(px)},${round(py)}`;
  const segments = 4;
  for (let i = 0; i < segments; i++) {
    const step = length / segments;
    heading += random.range(-wobble, wobble);
    const cx = px + Math.cos(heading) * step * 0.6;
    const cy = py + Math.sin(heading) * step * 0.6;
    heading += random.range(-wobble, wobble);
    px = cx + Math.cos(heading) * step * 0.5;
    py = cy + Math.sin(heading) * step * 0.5;
    path += `Q${round(cx)},${round(cy)} ${round(px)},${round(py)}`;
  }
  return path;
}

/** A wedge of lemon or lime: a half disc with a rind and a few segment lines. */
export function citrusWedge(svg: SvgCanvas, x: number, y: number, radius: number, angle: number, rind: string): void {
  const flesh = lighten(rind, 0.45);
  const segments = [30, 60, 90, 120, 150]
    .map((a) => {
      const rad = (a * Math.PI) / 180;
      return `M0,0L${round(Math.cos(rad) * radius * 0.8)},${round(Math.sin(rad) * radius * 0.8)}`;
    })
    .join('');
  svg.add(
    `<g transform="translate(${round(x)} ${round(y)}) rotate(${round(angle)})">` +
      `<path d="M${-radius},0A${radius},${radius} 0 0 0 ${radius},0Z" fill="${rind}"/>` +
      `<path d="M${-radius * 0.86},0A${radius * 0.86},${radius * 0.86} 0 0 0 ${radius * 0.86},0Z" fill="${svg.volume(flesh, 0.3, 0.1)}"/>` +
      `<path d="${segments}" stroke="${lighten(flesh, 0.5)}" stroke-width="${round(radius / 18)}"/></g>`,
  );
}
