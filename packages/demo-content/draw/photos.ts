import { grains, noodles, soup, stew } from './photo-dishes-bowls.js';
import { cake, cookies, mainPlate, pizza, stack, tacos } from './photo-dishes-plates.js';
import { tray } from './photo-dishes-trays.js';
import type { DishKind, PhotoLook } from './photo-look.js';
import { table, tableCrumbs, tableSetting } from './photo-scene.js';
import { createRandom, type Random } from '../src/random.js';
import { darken, lighten, SvgCanvas } from './svg-canvas.js';

type DrawDish = (svg: SvgCanvas, random: Random, look: PhotoLook, cx: number, cy: number) => void;

const DISHES: Record<DishKind, DrawDish> = {
  soup,
  stew,
  grains,
  noodles,
  plate: mainPlate,
  pizza,
  stack,
  cake,
  tray,
  cookies,
  tacos,
};

/** 4:3 at the largest width the image pipeline keeps, so no variant is upscaled. */
const PHOTO_WIDTH = 1280;
const PHOTO_HEIGHT = 960;

/** The SVG of a recipe's photo; the same title always gives the same picture. */
export function recipePhotoSvg(title: string, look: PhotoLook): string {
  const random = createRandom(`photo:${title}`);
  const svg = new SvgCanvas(PHOTO_WIDTH, PHOTO_HEIGHT);
  const cx = Math.round(PHOTO_WIDTH / 2 + random.range(-50, 50));
  const cy = Math.round(PHOTO_HEIGHT / 2 + random.range(-15, 15));
  table(svg, random);
  tableSetting(svg, random, cx, cy, 420);
  tableCrumbs(svg, random, darken(look.colours[2], 0.05));
  DISHES[look.dish](svg, random, look, cx, cy);
  return svg.toString();
}

const AVATAR_BACKGROUNDS = ['#f2c6a0', '#a9cbb7', '#b9c6e4', '#e7b7c8', '#f0dc9a', '#c9b8e0'] as const;
const SKIN_TONES = ['#f1c7a5', '#d9a47e', '#b57a55', '#8a5a3c', '#5e3b26'] as const;
const HAIR = ['#2b1d16', '#5a3a22', '#a8672f', '#d8b36a', '#1c1c1c', '#7b7b7b'] as const;
const SHIRTS = ['#3f5a7a', '#c56b4f', '#4f7a5a', '#7a4f7a', '#2f2f33', '#d9a441'] as const;

/** A friendly illustrated portrait (head, hair, shoulders) that differs per name, 256 px square. */
export function avatarSvg(name: string): string {
  const random = createRandom(`avatar:${name}`);
  const background = random.pick(AVATAR_BACKGROUNDS);
  const skin = random.pick(SKIN_TONES);
  const hair = random.pick(HAIR);
  const shirt = random.pick(SHIRTS);
  const longHair = random.chance(0.5);
  const svg = new SvgCanvas(256, 256);
  svg.add(
    `<rect width="256" height="256" fill="${svg.linear([
      [0, lighten(background, 0.25)],
      [1, background],
    ])}"/>`,
  );
  if (longHair) svg.add(`<rect x="70" y="78" width="116" height="120" rx="40" fill="${hair}"/>`);
  svg.add(`<path d="M28,256C34,196 78,176 128,176C178,176 222,196 228,256Z" fill="${svg.volume(shirt, 0.2, 0.2)}"/>`);
  svg.add(`<rect x="110" y="140" width="36" height="44" rx="14" fill="${darken(skin, 0.12)}"/>`);
  svg.add(`<ellipse cx="128" cy="112" rx="52" ry="60" fill="${svg.volume(skin, 0.25, 0.15)}"/>`);
  svg.add(
    `<path d="M74,112C70,62 96,44 128,44C164,44 188,64 182,112C170,86 150,76 128,80C104,76 84,88 74,112Z" fill="${hair}"/>`,
  );
  svg.add(`<g fill="#2b2420"><circle cx="108" cy="118" r="5"/><circle cx="148" cy="118" r="5"/></g>`);
  svg.add(
    `<path d="M110,144Q128,158 146,144" fill="none" stroke="${darken(skin, 0.45)}" stroke-width="4" stroke-linecap="round"/>`,
  );
  return svg.toString();
}
