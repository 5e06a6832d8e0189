import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// s3rver ships no types; the little used here is declared in s3rver.d.ts.
import S3rver from 's3rver';

export interface LocalS3 {
  /** The S3 API address, e.g. http://127.0.0.1:43210 */
  endpoint: string;
  bucket: string;
  /** s3rver's one account: it checks Signature Version 4 against these. */
  accessKeyId: string;
  secretAccessKey: string;
  /** The object keys in the bucket, through the real ListObjectsV2 call. */
  keys: () => Promise<string[]>;
  close: () => Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free loopback port, with one empty bucket, storing in a temp folder. */
export async function startLocalS3(bucket = 'forkful-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'forkful-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    keys: async () => {
      const response = await fetch(`${endpoint}/${bucket}?list-type=2`);
      if (!response.ok) throw new Error(`ListObjectsV2 failed: ${response.status}`);
      const xml = await response.text();
      return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1] ?? '').sort();
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
