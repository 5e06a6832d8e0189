import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeXML } from 'entities';
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

/**
 * s3rver in a child process, for a bucket listed in several pages: s3rver makes ListObjectsV2 continuation tokens
 * with DES, which Node 20's OpenSSL 3 offers only with its legacy provider (in this process: a 500 for a truncated
 * page). The legacy provider stays in that child. Prints `listening <port>`; SIGTERM stops it.
 */
const S3RVER_PROCESS = `
import S3rver from 's3rver';
const [directory, bucket] = process.argv.slice(1);
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write('listening ' + port + '\\n');
process.on('SIGTERM', () => server.close().then(() => process.exit(0), () => process.exit(1)));
`;

async function runInChild(directory: string, bucket: string): Promise<{ port: number; close: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--input-type=module', '-e', S3RVER_PROCESS, directory, bucket],
    { cwd: fileURLToPath(new URL('.', import.meta.url)), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening (\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`s3rver did not start:\n${output}`)));
  });
  return {
    port,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port, with one empty bucket, storing in a temp folder; in
 * this process, or with `ownProcess` in a child (needed to list more than 1,000 objects, see S3RVER_PROCESS).
 */
export async function startLocalS3(bucket = 'forkful-test', { ownProcess = false } = {}): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'forkful-s3-'));
  let server: { port: number; close: () => Promise<void> };
  if (ownProcess) server = await runInChild(directory, bucket);
  else {
    const inProcess = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    const { port } = await inProcess.run();
    server = { port, close: () => inProcess.close() };
  }
  const endpoint = `http://127.0.0.1:${server.port}`;
  return {
    endpoint,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    keys: async () => {
      // The first ListObjects version, paged by the last key seen: independent of the code under test (V2 and its
      // continuation tokens), and it pages in this process too.
      const keys: string[] = [];
      for (let truncated = true; truncated;) {
        const marker = keys.length ? `&marker=${encodeURIComponent(keys.at(-1)!)}` : '';
        const response = await fetch(`${endpoint}/${bucket}?max-keys=1000${marker}`);
        if (!response.ok) throw new Error(`ListObjects failed: ${response.status}`);
        const xml = await response.text();
        keys.push(...[...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => decodeXML(match[1] ?? '')));
        truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
      }
      return keys.sort();
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
