import { createHash, createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FileStorage } from './storage.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Where the S3 API is, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (what most S3-compatible servers want). */
  forcePathStyle: boolean;
  /** Where browsers fetch the objects from (the bucket's public address or a CDN in front of it). */
  publicUrl: string;
}

const ATTEMPTS = 3;
const MAX_IN_FLIGHT = 16;
const TIMEOUT_MS = 20_000;
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/**
 * Image files in an S3-compatible bucket, through the two calls the app needs (PutObject, DeleteObject) signed with
 * AWS Signature Version 4 over `fetch`. Objects are written with their content type and an immutable cache header,
 * since a key is never reused; browsers load them from `publicUrl`.
 */
export class S3FileStorage implements FileStorage {
  private readonly base: URL;
  private readonly publicBase: string;
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly settings: S3Settings) {
    this.base = new URL(settings.endpoint);
    this.publicBase = settings.publicUrl.replace(/\/+$/, '');
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    await this.send('PUT', name, bytes, {
      'cache-control': 'public, max-age=31536000, immutable',
      'content-type': contentType(name),
    });
  }

  async remove(name: string): Promise<void> {
    // DeleteObject answers 204 whether or not the object was there; a 404 is just as good.
    await this.send('DELETE', name, undefined, {}, [404]);
  }

  url(name: string): string {
    return `${this.publicBase}/${encodeKey(name)}`;
  }

  /** The object's address on the S3 API. */
  objectUrl(name: string): URL {
    const basePath = this.base.pathname.replace(/\/+$/, '');
    const url = new URL(this.base.origin);
    if (this.settings.forcePathStyle) {
      url.pathname = `${basePath}/${encodeKey(this.settings.bucket)}/${encodeKey(name)}`;
    } else {
      url.hostname = `${this.settings.bucket}.${this.base.hostname}`;
      url.pathname = `${basePath}/${encodeKey(name)}`;
    }
    return url;
  }

  private async send(
    method: 'PUT' | 'DELETE',
    name: string,
    body: Buffer | undefined,
    headers: Record<string, string>,
    alsoFine: number[] = [],
  ): Promise<void> {
    // An account deletion removes every file of the account at once: a few requests at a time, not thousands.
    while (this.inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
    try {
      await this.sendNow(method, name, body, headers, alsoFine);
    } finally {
      this.inFlight--;
      this.waiting.shift()?.();
    }
  }

  private async sendNow(
    method: 'PUT' | 'DELETE',
    name: string,
    body: Buffer | undefined,
    headers: Record<string, string>,
    alsoFine: number[],
  ): Promise<void> {
    const url = this.objectUrl(name);
    for (let attempt = 1; ; attempt++) {
      let failure: string;
      try {
        const response = await fetch(url, {
          method,
          headers: signV4({
            method,
            url,
            headers,
            payloadHash: body ? createHash('sha256').update(body).digest('hex') : EMPTY_SHA256,
            region: this.settings.region,
            accessKeyId: this.settings.accessKeyId,
            secretAccessKey: this.settings.secretAccessKey,
            date: new Date(),
          }),
          ...(body ? { body: new Uint8Array(body.buffer, body.byteOffset, body.length) } : {}),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        const text = await response.text();
        if (response.ok || alsoFine.includes(response.status)) return;
        failure = `${response.status} ${/<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? response.statusText}`;
        // A refusal (bad credentials, no such bucket) will not change on a retry; a server error or throttling may.
        if (response.status < 500 && response.status !== 429) throw new S3Error(method, name, failure);
      } catch (error) {
        if (error instanceof S3Error) throw error;
        failure = error instanceof Error ? error.message : String(error);
      }
      if (attempt >= ATTEMPTS) throw new S3Error(method, name, failure);
      await sleep(100 * 2 ** attempt);
    }
  }
}

interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
}

/**
 * The headers of an S3 request signed with Signature Version 4, `host` left out (fetch sends it from the URL):
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv.html. Every given header is signed, and the URL's
 * path is used as it stands (already encoded once, as S3 wants). No query string: our two calls have none.
 */
export function signV4(input: SignInput): Record<string, string> {
  const amzDate = input.date.toISOString().replace(/[-:]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const signed: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([key, value]) => [key.toLowerCase(), value.trim()])),
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(signed).sort();
  const canonicalRequest = [
    input.method,
    input.url.pathname,
    '',
    ...names.map((key) => `${key}:${signed[key]}`),
    '',
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${input.secretAccessKey}`, day);
  for (const part of [input.region, 's3', 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  const { host: _host, ...sent } = signed;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

class S3Error extends Error {
  constructor(method: string, name: string, reason: string) {
    super(`S3 ${method} of ${name} failed: ${reason}`);
  }
}

function hmac(key: string | Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** RFC 3986 encoding of a key, segment by segment (S3 signs the path encoded once, slashes kept). */
function encodeKey(key: string): string {
  return key
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');
}

function contentType(name: string): string {
  return name.endsWith('.webp') ? 'image/webp' : 'application/octet-stream';
}
