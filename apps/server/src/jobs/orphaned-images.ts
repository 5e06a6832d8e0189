import type { Database } from '../db/client.js';
import type { FileStorage } from '../services/storage.js';
import type { JobDefinition } from './index.js';

/** Only files at least this old are looked at: younger ones may belong to an upload whose row is being written. */
export const ORPHAN_MIN_AGE_MS = 60 * 60_000;
export const ORPHAN_SWEEP_EVERY_SECONDS = 60 * 60;
const BATCH = 500;

/** `recipe-<key>-<width>.webp` or `avatar-<key>-<width>.webp`; a write's temporary `….webp.<pid>.tmp` too. */
const IMAGE_FILE = /^(recipe|avatar)-([0-9a-f]{32}(?:-v\d+)?)-\d+\.webp(?:\.\d+\.tmp)?$/;

/**
 * Removes image files no row points at (decision 005: files go only after the commit, so a crash between the commit
 * and the removal, or a removal that failed, leaves unreachable files behind; never a row whose files are gone).
 * A file is removed only when it is older than ORPHAN_MIN_AGE_MS and neither recipes.photo_key nor users.avatar_key
 * holds its key, checked at the moment of removal in batches. Files of other names are never touched.
 */
export async function sweepOrphanedImages(
  db: Database,
  storage: FileStorage,
  options: { now?: number; minAgeMs?: number; signal?: AbortSignal } = {},
): Promise<{ examined: number; removed: string[] }> {
  const cutoff = (options.now ?? Date.now()) - (options.minAgeMs ?? ORPHAN_MIN_AGE_MS);
  const removed: string[] = [];
  let examined = 0;
  let batch: { name: string; kind: string; key: string }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const keys = [...new Set(batch.map((file) => file.key))];
    const used = await db.$client.query<{ key: string }>(
      `SELECT photo_key AS key FROM recipes WHERE photo_key = ANY($1::text[])
       UNION SELECT avatar_key FROM users WHERE avatar_key = ANY($1::text[])`,
      [keys],
    );
    const referenced = new Set(used.rows.map((row) => row.key));
    for (const file of batch) {
      if (referenced.has(file.key)) continue;
      await storage.remove(file.name);
      removed.push(file.name);
    }
    batch = [];
  };
  for await (const file of storage.list()) {
    if (options.signal?.aborted) break;
    examined++;
    const match = IMAGE_FILE.exec(file.name);
    if (!match || file.modifiedAt.getTime() > cutoff) continue;
    batch.push({ name: file.name, kind: match[1] ?? '', key: match[2] ?? '' });
    if (batch.length >= BATCH) await flush();
  }
  if (!options.signal?.aborted) await flush();
  return { examined, removed };
}

/** The sweep as a background job (registered by app.ts). */
export function orphanedImagesJob(storage: FileStorage): JobDefinition {
  return {
    name: 'orphaned-images',
    everySeconds: ORPHAN_SWEEP_EVERY_SECONDS,
    run: async ({ db, log, signal }) => {
      const { examined, removed } = await sweepOrphanedImages(db, storage, { signal });
      if (removed.length > 0) log.info({ examined, removed: removed.length }, 'removed orphaned image files');
    },
  };
}
