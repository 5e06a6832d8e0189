// `npm run draw -w @forkful/demo-content`: draws the demo's recipe photos and avatars from draw/looks.json and
// writes them to content/photos and content/avatars, where they are committed. Only needed when a drawing, a look or
// a recipe changes: seeding reads the committed files and never runs this code. A real photo can replace any file.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { z } from 'zod';
import { demoImageUrl, loadDemoContent, type DemoImageFolder } from '../src/index.js';
import { photoLookSchema } from './photo-look.js';
import { avatarSvg, recipePhotoSvg } from './photos.js';

/** Quality 75 keeps all photos together under 1 MB; the pipeline re-encodes them at 68 anyway. */
const PHOTO_QUALITY = 75;
const AVATAR_QUALITY = 85;

const looks = z
  .record(z.string(), photoLookSchema)
  .parse(JSON.parse(readFileSync(new URL('looks.json', import.meta.url), 'utf8')));
// The pictures may not exist yet: making them is what this script is for.
const { users, recipes } = loadDemoContent({ checkImages: false });

async function write(folder: DemoImageFolder, file: string, svg: string, quality: number): Promise<number> {
  const target = fileURLToPath(demoImageUrl(folder, file));
  mkdirSync(path.dirname(target), { recursive: true });
  const bytes = await sharp(Buffer.from(svg)).webp({ quality, effort: 6 }).toBuffer();
  writeFileSync(target, bytes);
  return bytes.length;
}

let total = 0;
for (const recipe of recipes) {
  if (!recipe.photo) continue;
  const look = looks[recipe.photo];
  if (!look) throw new Error(`draw/looks.json has no look for ${recipe.photo} ('${recipe.title}')`);
  total += await write('photos', recipe.photo, recipePhotoSvg(recipe.title, look), PHOTO_QUALITY);
}
for (const user of users) {
  if (user.avatar) total += await write('avatars', user.avatar, avatarSvg(user.name), AVATAR_QUALITY);
}
console.info(`Drew the demo pictures: ${Math.round(total / 1024)} KB in all.`);
