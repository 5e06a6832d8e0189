import type { Dirent } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { S3FileStorage } from './s3-storage.js';

/** Where image files live: local disk by default, an S3-compatible bucket when configured (s3-storage.ts). */
export interface FileStorage {
  put(name: string, bytes: Buffer): Promise<void>;
  remove(name: string): Promise<void>;
  url(name: string): string;
  /** Every stored file with its last change (the orphaned-image sweep, jobs/orphaned-images.ts). */
  list(): AsyncIterable<StoredFile>;
}

export interface StoredFile {
  name: string;
  modifiedAt: Date;
}

const UPLOADS_URL_PREFIX = '/uploads/';

export class LocalFileStorage implements FileStorage {
  constructor(readonly dir: string) {}

  async put(name: string, bytes: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    // Write then rename so a crash never leaves a half-written file under the final name.
    const target = path.join(this.dir, name);
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }

  async remove(name: string): Promise<void> {
    await rm(path.join(this.dir, name), { force: true });
  }

  url(name: string): string {
    return `${UPLOADS_URL_PREFIX}${name}`;
  }

  async *list(): AsyncIterable<StoredFile> {
    let entries: Dirent[];
    try {
      entries = await readdir(this.dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const info = await stat(path.join(this.dir, entry.name)).catch(() => undefined);
      if (info) yield { name: entry.name, modifiedAt: info.mtime };
    }
  }
}

/** The storage the configuration asks for. */
export function createFileStorage(config: Pick<Config, 's3' | 'uploadsDir'>): FileStorage {
  return config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(config.uploadsDir);
}
