import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AwsClient } from 'aws4fetch';
import { HttpError } from '../errors.js';
import type { FileStorage, StoredFile } from './storage.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Where the S3 API is, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (STS, an IAM role): the session token sent and signed with every request. */
  sessionToken?: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (what most S3-compatible servers want). */
  forcePathStyle: boolean;
  /** Where browsers fetch the objects from (the bucket's public address or a CDN in front of it). */
  publicUrl: string;
}

const ATTEMPTS = 3;
const MAX_IN_FLIGHT = 16;
const TIMEOUT_MS = 20_000;
const CHECK_TIMEOUT_MS = 2_000;
export const STORAGE_RETRY_AFTER_SECONDS = 30;
export const STORAGE_UNAVAILABLE = 'Photo storage is unavailable right now, please try again in a few minutes';

/**
 * The bucket could not be reached (connection refused, timed out, a 5xx or throttling after every retry): a 503
 * with Retry-After for the client, who may try again; a refusal (bad credentials, no such bucket) stays a 500,
 * since only the operator can fix it.
 */
export class StorageUnavailableError extends HttpError {
  readonly retryAfterSeconds = STORAGE_RETRY_AFTER_SECONDS;
  constructor(readonly reason: string) {
    super(503, STORAGE_UNAVAILABLE);
  }
}

class S3Error extends Error {
  constructor(method: string, name: string, reason: string) {
    super(`S3 ${method} of ${name} failed: ${reason}`);
  }
}

/**
 * Image files in an S3-compatible bucket, through the calls the app needs (PutObject, DeleteObject, HeadBucket for
 * readiness), signed with Signature Version 4 by aws4fetch (docs/decisions/027-object-storage-client.md). Payloads
 * are signed by their SHA-256, not sent as UNSIGNED-PAYLOAD, so a plain-HTTP endpoint cannot be fed other bytes.
 * Objects are written with their content type and an immutable cache header, since a key is never reused.
 */
export class S3FileStorage implements FileStorage {
  private readonly base: URL;
  private readonly publicBase: string;
  private readonly client: AwsClient;
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly settings: S3Settings) {
    this.base = new URL(settings.endpoint);
    this.publicBase = settings.publicUrl.replace(/\/+$/, '');
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      ...(settings.sessionToken ? { sessionToken: settings.sessionToken } : {}),
      service: 's3',
      region: settings.region,
      // Our own loop retries, network failures included (aws4fetch retries only 5xx and 429 answers).
      retries: 0,
    });
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    await this.send('PUT', this.objectUrl(name), name, bytes, {
      'cache-control': 'public, max-age=31536000, immutable',
      'content-type': contentType(name),
    });
  }

  async remove(name: string): Promise<void> {
    // DeleteObject answers 204 whether or not the object was there; a 404 is just as good.
    await this.send('DELETE', this.objectUrl(name), name, undefined, {}, [404]);
  }

  url(name: string): string {
    return `${this.publicBase}/${encodeKey(name)}`;
  }

  /** Every object in the bucket (ListObjectsV2, 1000 a page). */
  async *list(): AsyncIterable<StoredFile> {
    let token: string | undefined;
    do {
      const url = this.bucketUrl();
      url.searchParams.set('list-type', '2');
      if (token) url.searchParams.set('continuation-token', token);
      const response = await this.signedFetch('GET', url, undefined, {}, TIMEOUT_MS);
      const xml = await response.text();
      if (!response.ok) throw new Error(`S3 ListObjectsV2 failed: ${response.status}`);
      for (const [, item = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const name = /<Key>([^<]*)<\/Key>/.exec(item)?.[1];
        const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(item)?.[1];
        if (name && modified) yield { name: unescapeXml(name), modifiedAt: new Date(modified) };
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1]
        : undefined;
      if (token) token = unescapeXml(token);
    } while (token);
  }

  /** Readiness: HeadBucket, once, with a short timeout. Resolves when the bucket answers 200; throws otherwise. */
  async check(): Promise<void> {
    const response = await this.signedFetch('HEAD', this.bucketUrl(), undefined, {}, CHECK_TIMEOUT_MS);
    await response.body?.cancel();
    if (!response.ok) throw new Error(`HeadBucket answered ${response.status}`);
  }

  /** The object's address on the S3 API. */
  objectUrl(name: string): URL {
    const url = this.bucketUrl();
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/${encodeKey(name)}`;
    return url;
  }

  private bucketUrl(): URL {
    const basePath = this.base.pathname.replace(/\/+$/, '');
    const url = new URL(this.base.origin);
    if (this.settings.forcePathStyle) {
      url.pathname = `${basePath}/${encodeKey(this.settings.bucket)}`;
    } else {
      url.hostname = `${this.settings.bucket}.${this.base.hostname}`;
      url.pathname = basePath || '/';
    }
    return url;
  }

  private signedFetch(
    method: string,
    url: URL,
    body: Buffer | undefined,
    headers: Record<string, string>,
    timeoutMs: number,
  ): Promise<Response> {
    const payloadHash = createHash('sha256')
      .update(body ?? '')
      .digest('hex');
    return this.client.fetch(url.toString(), {
      method,
      headers: { ...headers, 'x-amz-content-sha256': payloadHash },
      ...(body ? { body: new Uint8Array(body.buffer, body.byteOffset, body.length) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  private async send(
    method: 'PUT' | 'DELETE',
    url: URL,
    name: string,
    body: Buffer | undefined,
    headers: Record<string, string>,
    alsoFine: number[] = [],
  ): Promise<void> {
    // An account deletion removes every file of the account at once: a few requests at a time, not thousands.
    while (this.inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
    try {
      await this.sendNow(method, url, name, body, headers, alsoFine);
    } finally {
      this.inFlight--;
      this.waiting.shift()?.();
    }
  }

  private async sendNow(
    method: 'PUT' | 'DELETE',
    url: URL,
    name: string,
    body: Buffer | undefined,
    headers: Record<string, string>,
    alsoFine: number[],
  ): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      let failure: string;
      try {
        const response = await this.signedFetch(method, url, body, headers, TIMEOUT_MS);
        const text = await response.text();
        if (response.ok || alsoFine.includes(response.status)) return;
        failure = `${response.status} ${/<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? response.statusText}`;
        // A refusal (bad credentials, no such bucket) will not change on a retry; a server error or throttling may.
        if (response.status < 500 && response.status !== 429) throw new S3Error(method, name, failure);
      } catch (error) {
        if (error instanceof S3Error) throw error;
        failure = describe(error);
      }
      if (attempt >= ATTEMPTS) throw new StorageUnavailableError(`S3 ${method} of ${name} failed: ${failure}`);
      await sleep(100 * 2 ** attempt);
    }
  }
}

/** A fetch failure's cause (undici hides ECONNREFUSED and the like behind 'fetch failed'). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
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

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function contentType(name: string): string {
  return name.endsWith('.webp') ? 'image/webp' : 'application/octet-stream';
}
