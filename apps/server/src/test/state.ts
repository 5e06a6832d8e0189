import { setTimeout as sleep } from 'node:timers/promises';
import { deflateSync } from 'node:zlib';
import type pg from 'pg';
import { uploadedFiles } from './fixtures.js';

const TABLES = [
  'users',
  'recipes',
  'reviews',
  'saved_recipes',
  'sessions',
  'refresh_tokens',
  // Issue 18: the meal planner and the shopping list.
  'meal_plan_entries',
  'meal_plan_settings',
  'meal_plan_calendar_feeds',
  'shopping_items',
  'shopping_item_sources',
] as const;

/** Row counts of every table the API writes. */
export async function tableCounts(pool: pg.Pool): Promise<Record<(typeof TABLES)[number], number>> {
  const counts = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES) {
    const result = await pool.query(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = result.rows[0].n;
  }
  return counts;
}

/**
 * Everything the API can change, as one value: every row of every table (as text, in a fixed order) and the files
 * in the uploads folder. Two equal fingerprints mean nothing changed in between.
 */
export async function stateFingerprint(pool: pg.Pool, uploadsDir: string): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const result = await pool.query(
      `SELECT coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS digest FROM ${table} t`,
    );
    parts.push(`${table}:${result.rows[0].digest}`);
  }
  parts.push(`files:${uploadedFiles(uploadsDir).join(',')}`);
  return parts.join('\n');
}

/** Polls `check` until it returns true (every 20 ms, at most `timeoutMs`); throws with `what` otherwise. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(20);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A tiny, well-formed PNG header that declares any size (a decompression bomb's calling card): signature, an IHDR
 * with a valid CRC (8-bit RGB), a short IDAT and IEND. Only a decoder that trusts the header would allocate for it.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  // compression, filter and interlace methods stay 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
