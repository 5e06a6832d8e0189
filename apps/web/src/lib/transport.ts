import { apiUrl, JWT_EXPIRED_REASON, type ApiRequest } from '@forkful/contracts';
import { ApiError, normaliseError } from './api-error';
import { claimEarly, hasEarly, keepEarly } from './early-requests';
import { takePageData } from './page-data';

/**
 * The transport: every API call goes through here. It sends credentials, unwraps the success envelope, normalises
 * failures (spec section 8), logs them and rethrows. It shows no UI and performs no navigation. A GET the page
 * started early (`requestEarly`) is answered from the early-request cache; the page's own data in its HTML
 * (page-data.ts) can answer such a request without asking at all.
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type QueryParams = NonNullable<ApiRequest['query']>;

export interface RequestOptions {
  method?: Method;
  query?: QueryParams;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body; sent with XMLHttpRequest so upload progress can be reported. */
  form?: FormData;
  signal?: AbortSignal;
  /** Called with 0..1 while a multipart body uploads. */
  onUploadProgress?: (fraction: number) => void;
  /**
   * A failure that is the normal answer, not an error (spec section 8: 'Review not found' shows the new-review form):
   * it is still thrown for the caller, but not logged as an error.
   */
  notAnError?: ExpectedFailure;
}

/** A failure named by its status and the server's reason. */
export interface ExpectedFailure {
  statusCode: number;
  reason: string;
}

const REFRESH_PATH = '/users/refresh-token';

/** The server builds the address of a page's first request the same way (contracts, `apiUrl`). */
export function buildUrl(path: string, query?: QueryParams): string {
  return apiUrl({ path, query });
}

function isAbort(cause: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (cause instanceof DOMException && cause.name === 'AbortError');
}

function unwrap<T>(status: number, body: unknown): T {
  const envelope = body as { success?: unknown; data?: unknown } | null;
  if (status < 200 || status >= 300 || envelope?.success === false) {
    throw normaliseError({ kind: 'response', status, body, message: `Request failed with status code ${status}` });
  }
  return (envelope && typeof envelope === 'object' && 'data' in envelope ? envelope.data : envelope) as T;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy or crash page is not JSON; the status still tells the story and the reason becomes 'Unknown'.
    return null;
  }
}

async function sendWithFetch<T>(path: string, options: RequestOptions): Promise<T> {
  let url: string;
  let init: RequestInit;
  try {
    url = buildUrl(path, options.query);
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    init = { method: options.method ?? 'GET', headers, body, credentials: 'include', signal: options.signal };
  } catch (cause) {
    throw normaliseError({ kind: 'send-failed', cause });
  }

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, init);
    text = await response.text();
  } catch (cause) {
    if (isAbort(cause, options.signal)) throw normaliseError({ kind: 'aborted', cause });
    throw normaliseError({ kind: 'no-response', cause });
  }
  return unwrap<T>(response.status, parseJson(text));
}

function sendWithXhr<T>(path: string, options: RequestOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { signal, onUploadProgress } = options;
    if (signal?.aborted) {
      reject(normaliseError({ kind: 'aborted' }));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    try {
      xhr.open(options.method ?? 'POST', buildUrl(path, options.query));
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && onUploadProgress) onUploadProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        signal?.removeEventListener('abort', onAbortSignal);
        onUploadProgress?.(1);
        try {
          resolve(unwrap<T>(xhr.status, parseJson(xhr.responseText)));
        } catch (error) {
          reject(error);
        }
      };
      xhr.onerror = () => reject(normaliseError({ kind: 'no-response' }));
      xhr.ontimeout = () => reject(normaliseError({ kind: 'no-response' }));
      xhr.onabort = () => reject(normaliseError({ kind: 'aborted' }));
      signal?.addEventListener('abort', onAbortSignal, { once: true });
      xhr.send(options.form ?? null);
    } catch (cause) {
      reject(normaliseError({ kind: 'send-failed', cause }));
    }
  });
}

function send<T>(path: string, options: RequestOptions): Promise<T> {
  return options.form && typeof XMLHttpRequest !== 'undefined' && options.onUploadProgress
    ? sendWithXhr<T>(path, options)
    : sendWithFetch<T>(path, options);
}

let refreshing: Promise<void> | null = null;
/** How many refreshes have succeeded: a call notes it when it is sent. */
let refreshesDone = 0;
const sessionExpiredListeners = new Set<() => void>();

/**
 * One refresh at a time: every caller that meets 'jwt expired' meanwhile waits for the same one. A call sent before
 * a refresh that has since succeeded just tries again: its answer came late, and the cookie is new already (a second
 * refresh would rotate the session for nothing).
 */
function refreshSession(doneWhenSent: number): Promise<void> {
  if (!refreshing && doneWhenSent !== refreshesDone) return Promise.resolve();
  refreshing ??= send<unknown>(REFRESH_PATH, { method: 'POST' })
    .then(() => {
      refreshesDone += 1;
    })
    .catch((error: unknown) => {
      sessionExpiredListeners.forEach((listener) => listener());
      throw error;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The app layer listens so that a failed refresh logs the user out; the transport itself changes no state. */
export function onSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

function log(error: unknown, notAnError?: ExpectedFailure): void {
  if (
    notAnError &&
    error instanceof ApiError &&
    error.statusCode === notAnError.statusCode &&
    error.reason === notAnError.reason
  ) {
    return;
  }
  if (error instanceof ApiError && error.reason === 'Request was aborted') {
    // Cancelling is routine (a newer search replaced an older one), so it is not reported as an error.
    console.info('[api]', error.reason);
    return;
  }
  // One readable line (an object would print as '[object Object]' in tools that read the console as text).
  if (error instanceof ApiError) console.error(`[api] ${error.statusCode} ${error.reason}`);
  else console.error('[api]', error);
}

/**
 * Starts a GET that the page being opened is about to make, so its data downloads together with the page's code
 * rather than after it; when the HTML already carries the answer, that is used instead of asking. The page's first
 * identical request takes this answer; unclaimed, it is dropped after 5 s.
 */
export function requestEarly(path: string, query?: QueryParams): void {
  const url = buildUrl(path, query);
  if (hasEarly(url)) return;
  const inline = takePageData(url);
  keepEarly(url, inline ? Promise.resolve().then(() => unwrap<unknown>(200, inline.body)) : request(path, { query }));
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const plainGet = (options.method ?? 'GET') === 'GET' && options.json === undefined && !options.form;
  const claimed = plainGet ? claimEarly<T>(buildUrl(path, options.query)) : undefined;
  if (claimed) return claimed;
  try {
    const doneWhenSent = refreshesDone;
    try {
      return await send<T>(path, options);
    } catch (error) {
      const expired = error instanceof ApiError && error.statusCode === 401 && error.reason === JWT_EXPIRED_REASON;
      if (!expired || path === REFRESH_PATH) throw error;
      await refreshSession(doneWhenSent);
      return await send<T>(path, options);
    }
  } catch (error) {
    log(error, options.notAnError);
    throw error;
  }
}
