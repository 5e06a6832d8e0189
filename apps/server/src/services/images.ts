import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { payloadTooLarge, unsupportedMediaType } from '../errors.js';
import type { FileStorage } from './storage.js';

export type ImageKind = 'recipe' | 'avatar';

const MAX_INPUT_PIXELS = 40_000_000;
/**
 * The widths of each generation of an image set. A stored key names its generation (`<hex>` is 1, `<hex>-v2` is 2),
 * so a photo stored before a width was added keeps listing, serving and removing exactly the files it has; new
 * uploads get the current generation. A full-width photo on a phone needs (width − 32 px) × pixel ratio: 665–686
 * device px at 1.75–2x (720 w, where 800 w was 12% larger) and 984–1074 at 3x (1080 w, where 1280 w was 23%
 * larger); 800 w stays for the three-column grid at 2x (736), 1280 w for the recipe photo on a 2x desktop.
 */
const GENERATIONS: Record<ImageKind, Record<number, readonly number[]>> = {
  recipe: { 1: [320, 640, 1280], 2: [320, 640, 800, 1280], 3: [320, 640, 720, 800, 1080, 1280] },
  avatar: { 1: [128, 256] },
};
const CURRENT_GENERATION: Record<ImageKind, number> = { recipe: 3, avatar: 1 };
const WIDTHS: Record<ImageKind, readonly number[]> = {
  recipe: widthsOfGeneration('recipe', CURRENT_GENERATION.recipe),
  avatar: widthsOfGeneration('avatar', CURRENT_GENERATION.avatar),
};
/**
 * Which formats an upload may be in, read from its bytes. Uploads take images (spec section 9): any of the three
 * formats the pipeline reads. Sign-up alone takes a PNG or JPEG avatar only (spec section 5), so the register route
 * asks for 'pngOrJpeg'; a later avatar change takes any of the three, as a recipe photo does.
 */
export type AcceptedFormats = 'image' | 'pngOrJpeg';
const ACCEPTED_FORMATS: Record<AcceptedFormats, readonly string[]> = {
  image: ['jpeg', 'png', 'webp'],
  pngOrJpeg: ['jpeg', 'png'],
};
const KIND_NAMES: Record<ImageKind, string> = { recipe: 'Recipe photo', avatar: 'Avatar' };
const FORMAT_NAMES: Record<AcceptedFormats, string> = {
  image: 'a PNG, JPEG or WebP image',
  pngOrJpeg: 'a PNG or JPEG image',
};
const QUALITY: Record<ImageKind, number> = { recipe: 68, avatar: 78 };
const NOT_AN_IMAGE = 'The file is not a valid image';

/** An upload in a temporary file, waiting for its turn at the pipeline (plugins/load-shedding.ts). */
export interface UploadedImage {
  path: string;
  process<T>(work: () => Promise<T>): Promise<T>;
}

/** What an image is stored from: bytes in memory (demo content), or an upload. */
export type ImageSource = Buffer | UploadedImage;

export interface ImageVariant {
  width: number;
  url: string;
}

sharp.concurrency(1);
sharp.cache(false);

/**
 * The image pipeline: bytes are decoded by sharp (never trusted by name or declared type), size-limited,
 * re-encoded to WebP at fixed widths with orientation applied and all metadata dropped, and stored under a
 * random server-generated key that cannot be guessed.
 */
export class ImageService {
  constructor(
    private readonly storage: FileStorage,
    /** Told about files that could not be removed (see `remove`). */
    private readonly warn: (message: string) => void = (message) => process.emitWarning(message),
  ) {}

  async store(kind: ImageKind, source: ImageSource, accepted: AcceptedFormats = 'image'): Promise<string> {
    const encode = () => this.encode(kind, Buffer.isBuffer(source) ? source : source.path, accepted);
    const encoded = Buffer.isBuffer(source) ? await encode() : await source.process(encode);
    const generation = CURRENT_GENERATION[kind];
    const random = randomBytes(16).toString('hex');
    const key = generation === 1 ? random : `${random}-v${generation}`;
    const written: string[] = [];
    try {
      for (const variant of encoded) {
        const name = fileName(kind, key, variant.width);
        await this.storage.put(name, variant.bytes);
        written.push(name);
      }
    } catch (error) {
      await Promise.all(written.map((name) => this.storage.remove(name)));
      throw error;
    }
    return key;
  }

  /**
   * Decodes the image once, to raw pixels at the largest width, and makes every width from those, one after another:
   * one libuv thread and one full-size decode per image at a time, where decoding it for each width at once held
   * several of both (log-ins wait for a libuv thread too, for argon2).
   */
  private async encode(
    kind: ImageKind,
    input: Buffer | string,
    accepted: AcceptedFormats,
  ): Promise<Array<{ width: number; bytes: Buffer }>> {
    let metadata: Metadata;
    try {
      metadata = await sharp(input, { limitInputPixels: false }).metadata();
    } catch {
      throw unsupportedMediaType(NOT_AN_IMAGE);
    }
    if (!metadata.format || !ACCEPTED_FORMATS[accepted].includes(metadata.format)) {
      throw unsupportedMediaType(`${KIND_NAMES[kind]} must be ${FORMAT_NAMES[accepted]}`);
    }
    if (!metadata.width || !metadata.height) throw unsupportedMediaType(NOT_AN_IMAGE);
    if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
      throw payloadTooLarge('The image is too large (40 megapixels at most)');
    }
    const widths = WIDTHS[kind];
    try {
      const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: Math.max(...widths), withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 };
      const encoded: Array<{ width: number; bytes: Buffer }> = [];
      for (const width of widths) {
        const bytes = await sharp(data, { raw })
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: QUALITY[kind], effort: 2 })
          .toBuffer();
        encoded.push({ width, bytes });
      }
      return encoded;
    } catch {
      throw unsupportedMediaType(NOT_AN_IMAGE);
    }
  }

  /**
   * Removes the files of an image set, best effort: it runs after the database change that dropped the key has
   * committed, so a storage failure (an S3 outage) must not turn that change into an error for the user. A file
   * left behind is unreachable (its random key is gone) and harmless; the failure is reported to `warn`.
   */
  async remove(kind: ImageKind, key: string): Promise<void> {
    const names = imageFileNames(kind, key);
    const results = await Promise.allSettled(names.map((name) => this.storage.remove(name)));
    results.forEach((result, index) => {
      if (result.status === 'rejected') {
        const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
        this.warn(`Image file ${names[index]} was not removed: ${reason}`);
      }
    });
  }

  variants(kind: ImageKind, key: string): ImageVariant[] {
    return widthsOfKey(kind, key).map((width) => ({ width, url: this.storage.url(fileName(kind, key, width)) }));
  }
}

function widthsOfGeneration(kind: ImageKind, generation: number): readonly number[] {
  const widths = GENERATIONS[kind][generation];
  if (!widths) throw new Error(`No widths for ${kind} images of generation ${generation}`);
  return widths;
}

/** The widths a stored key has files for (a key of an unknown, newer generation gets the current set). */
function widthsOfKey(kind: ImageKind, key: string): readonly number[] {
  const generation = /-v(\d+)$/.exec(key)?.[1];
  return GENERATIONS[kind][generation ? Number(generation) : 1] ?? WIDTHS[kind];
}

/** Every file name of a stored image set. */
export function imageFileNames(kind: ImageKind, key: string): string[] {
  return widthsOfKey(kind, key).map((width) => fileName(kind, key, width));
}

function fileName(kind: ImageKind, key: string, width: number): string {
  return `${kind}-${key}-${width}.webp`;
}
