import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/*
 * Fetching other people's servers for the recipe import (docs/decisions/022-recipe-import.md). Node's own http and
 * https clients with request-filtering-agent: the agent checks the address every connection actually goes to (each
 * address the name resolves to, after the lookup, so a name that resolves to 127.0.0.1, 10.x, 169.254.169.254 or a
 * multicast address is refused, and DNS rebinding between a check and the connection cannot happen), and an address
 * written as an IP literal. fetch() (undici) takes no http.Agent, which is why it is not used here. Redirects are
 * followed by hand, each hop through the same agents.
 */

export type FetchFailure =
  | 'address' // refused: not a public http(s) address
  | 'redirects' // more than the allowed redirects
  | 'status' // the site answered an error (403, 404, 500…)
  | 'type' // not the content asked for (not HTML, not an image)
  | 'size' // over the byte cap
  | 'timeout' // not done within the time allowed
  | 'network'; // could not connect, reset, bad TLS…

export class FetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

export interface SafeFetchOptions {
  /** What is wanted: an HTML page or an image. Anything else is refused before its body is read. */
  accept: 'html' | 'image';
  maxBytes: number;
  /** For the whole fetch, redirects and body included. */
  timeoutMs: number;
  maxRedirects: number;
  userAgent: string;
  /**
   * Host names that are served on this machine's loopback interface, for tests only (IMPORT_TEST_HOSTS, empty by
   * default): such a name resolves to 127.0.0.1 and skips the address filter. Any other name, and any address, is
   * filtered as always, so a redirect from a test host to 127.0.0.1 is still refused.
   */
  testHosts: ReadonlySet<string>;
  /** The resolver (tests pass a stub; the filter checks whatever it answers). */
  lookup?: LookupFunction;
}

export interface FetchedBody {
  body: Buffer;
  /** The address the body came from, after redirects. */
  url: string;
  contentType: string;
}

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;
const IMAGE_TYPES = /^image\/(jpeg|png|webp|gif|avif)\b/i;

const filteringAgents = {
  http: new RequestFilteringHttpAgent({ keepAlive: false }),
  https: new RequestFilteringHttpsAgent({ keepAlive: false }),
};
const testAgents = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };

const loopbackLookup: LookupFunction = (_hostname, options, callback) => {
  if (options.all)
    (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
      { address: '127.0.0.1', family: 4 },
    ]);
  else callback(null, '127.0.0.1', 4);
};

function isRefusal(error: unknown): boolean {
  return error instanceof Error && /is not allowed\. Because/.test(error.message);
}

interface Hop {
  status: number;
  location: string | undefined;
  contentType: string;
  contentLength: number | null;
  encoding: string;
  stream: Readable;
}

function request(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<Hop> {
  const secure = url.protocol === 'https:';
  const testHost = options.testHosts.has(url.hostname.toLowerCase());
  const agent = testHost ? testAgents[secure ? 'https' : 'http'] : filteringAgents[secure ? 'https' : 'http'];
  const lookup = testHost ? loopbackLookup : options.lookup;
  const accept =
    options.accept === 'html'
      ? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1'
      : 'image/avif,image/webp,image/png,image/jpeg;q=0.9';
  return new Promise<Hop>((resolve, reject) => {
    const client = secure ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        agent,
        ...(lookup ? { lookup } : {}),
        signal,
        headers: { 'user-agent': options.userAgent, accept, 'accept-encoding': 'gzip, deflate, br' },
        // Headers of a hostile server are bounded too.
        maxHeaderSize: 32 * 1024,
      },
      (response) => {
        const length = Number(response.headers['content-length']);
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location,
          contentType: String(response.headers['content-type'] ?? ''),
          contentLength: Number.isFinite(length) ? length : null,
          encoding: String(response.headers['content-encoding'] ?? 'identity')
            .toLowerCase()
            .trim(),
          stream: response,
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function decoder(encoding: string): Transform | null {
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip();
  if (encoding === 'deflate') return zlib.createInflate();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  return null;
}

async function readCapped(hop: Hop, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  const collect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      // Counted after decompression, so a small compressed bomb is stopped at the same cap.
      if (total > maxBytes) return done(new FetchError('size', 'too large'));
      chunks.push(chunk);
      done();
    },
  });
  const unzip = decoder(hop.encoding);
  if (unzip) await pipeline(hop.stream, unzip, collect, { signal });
  else await pipeline(hop.stream, collect, { signal });
  return Buffer.concat(chunks);
}

/**
 * GETs a public http(s) address within the limits: at most `maxRedirects` redirects, each checked like the first
 * address; at most `maxBytes` read (a larger declared or actual body is refused); `timeoutMs` for everything, so a
 * server that sends a byte a second (slow loris) is cut off; only the content type asked for is read.
 */
export async function safeFetch(address: string, options: SafeFetchOptions): Promise<FetchedBody> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  // The signal ends the request and the body; a step that does not listen to it (a name lookup that hangs) is cut
  // off here, so the budget holds whatever the resolver does.
  let onAbort: () => void = () => undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(new FetchError('timeout', 'timed out'));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const work = fetchWithin(address, options, signal);
    // Once the deadline has answered, a late failure of the abandoned work is expected: not an unhandled rejection.
    work.catch(() => undefined);
    return await Promise.race([work, deadline]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

async function fetchWithin(address: string, options: SafeFetchOptions, signal: AbortSignal): Promise<FetchedBody> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchError('address', 'not an address');
  }
  try {
    for (let redirects = 0; ; redirects += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('address', 'not http(s)');
      if (url.username || url.password) throw new FetchError('address', 'credentials in the address');
      const hop = await request(url, options, signal);
      if (hop.status >= 300 && hop.status < 400 && hop.location) {
        hop.stream.resume();
        if (redirects >= options.maxRedirects) throw new FetchError('redirects', 'too many redirects');
        try {
          url = new URL(hop.location, url);
        } catch {
          throw new FetchError('network', 'bad redirect');
        }
        continue;
      }
      if (hop.status < 200 || hop.status >= 300) {
        hop.stream.resume();
        throw new FetchError('status', `the site answered ${hop.status}`);
      }
      const wanted = options.accept === 'html' ? HTML_TYPES : IMAGE_TYPES;
      if (!wanted.test(hop.contentType)) {
        hop.stream.resume();
        throw new FetchError('type', `not ${options.accept}: ${hop.contentType.slice(0, 60)}`);
      }
      if (hop.contentLength !== null && hop.contentLength > options.maxBytes) {
        hop.stream.destroy();
        throw new FetchError('size', 'too large');
      }
      const body = await readCapped(hop, options.maxBytes, signal);
      return { body, url: url.href, contentType: hop.contentType };
    }
  } catch (error) {
    if (error instanceof FetchError) throw error;
    if (isRefusal(error)) throw new FetchError('address', 'refused address');
    if (signal.aborted) throw new FetchError('timeout', 'timed out');
    if (error instanceof Error && 'cause' in error && isRefusal(error.cause))
      throw new FetchError('address', 'refused');
    throw new FetchError('network', error instanceof Error ? error.message.slice(0, 200) : 'failed');
  }
}

/** The text of an HTML body: the charset the server names, else the page's meta charset, else UTF-8. */
export function decodeHtml(body: Buffer, contentType: string): string {
  const declared =
    /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 4096).toString('latin1'))?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(declared.toLowerCase()).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
