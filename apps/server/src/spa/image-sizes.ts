import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';

/*
 * The pixel size of a stored photo variant, for og:image:width/height and the JSON-LD ImageObjects (issue 21). The
 * rows keep only the width each variant was asked for; a photo narrower than that is never enlarged
 * (services/images.ts), and its height follows the photo's shape. So the size is read from the variant's WebP header
 * (its first 30 bytes): from the uploads folder, or with a ranged GET from the bucket's public address. Stored files
 * never change (a new photo gets a new key), so a size, once read, is kept.
 */

export interface PixelSize {
  width: number;
  height: number;
}

const HEADER_BYTES = 30;
const CACHE_ENTRIES = 4096;
const S3_TIMEOUT_MS = 1000;

/** The size in a WebP file's header (lossy 'VP8 ', lossless 'VP8L' or extended 'VP8X'); undefined if not WebP. */
export function webpSize(bytes: Uint8Array): PixelSize | undefined {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length < HEADER_BYTES) return undefined;
  if (data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    if (data[23] !== 0x9d || data[24] !== 0x01 || data[25] !== 0x2a) return undefined;
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (data[20] !== 0x2f) return undefined;
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  return undefined;
}

async function localHeader(dir: string, url: string): Promise<Uint8Array | undefined> {
  const name = url.slice('/uploads/'.length);
  // Only the flat file names the image service writes; never a path out of the folder.
  if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) return undefined;
  let file;
  try {
    file = await open(path.join(dir, name), 'r');
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEADER_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

async function remoteHeader(url: string): Promise<Uint8Array | undefined> {
  const response = await fetch(url, {
    headers: { range: `bytes=0-${HEADER_BYTES - 1}` },
    signal: AbortSignal.timeout(S3_TIMEOUT_MS),
  });
  if (!response.ok || !response.body) return undefined;
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < HEADER_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      length += value.length;
    }
  } finally {
    // A server that ignores Range sends the whole file: what is not needed is not read.
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(parts).subarray(0, HEADER_BYTES);
}

/**
 * `sizeOf(url)`: the size of the variant at `url` as the image service gives it (`/uploads/…` for the local
 * folder, the bucket's public address with S3), or undefined when it cannot be read. Failures are not kept, so a
 * bucket that was slow once is asked again next time.
 */
export function createImageSizes(config: Pick<Config, 'uploadsDir' | 's3'>) {
  const cache = new Map<string, Promise<PixelSize | undefined>>();
  const bucket = config.s3 ? `${config.s3.publicUrl}/` : undefined;

  async function read(url: string): Promise<PixelSize | undefined> {
    if (url.startsWith('/uploads/')) {
      const header = await localHeader(config.uploadsDir, url);
      return header && webpSize(header);
    }
    if (bucket && url.startsWith(bucket)) {
      const header = await remoteHeader(url);
      return header && webpSize(header);
    }
    return undefined;
  }

  return function sizeOf(url: string): Promise<PixelSize | undefined> {
    const known = cache.get(url);
    if (known) return known;
    const reading = read(url).catch(() => {
      cache.delete(url);
      return undefined;
    });
    cache.set(url, reading);
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    return reading;
  };
}

export type ImageSizes = ReturnType<typeof createImageSizes>;
