import { API_BASE, messages, PAGE_DATA_ELEMENT_ID, type PageData } from '@forkful/contracts';
import { ApiError, normaliseError } from './api-error';

/**
 * The transport: every API call goes through here. It sends credentials, unwraps the success envelope, normalises
 * failures (spec section 8), logs them and rethrows. It shows no UI and performs no navigation.
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | undefined>;

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
}

const REFRESH_PATH = '/users/refresh-token';

export function buildUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
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
const sessionExpiredListeners = new Set<() => void>();

/** One refresh at a time: every caller that meets 'jwt expired' meanwhile waits for the same one. */
function refreshSession(): Promise<void> {
  refreshing ??= send<unknown>(REFRESH_PATH, { method: 'POST' })
    .then(() => undefined)
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

function log(error: unknown): void {
  if (error instanceof ApiError && error.reason === 'Request was aborted') {
    // Cancelling is routine (a newer search replaced an older one), so it is not reported as an error.
    console.info('[api]', error.reason);
    return;
  }
  // One readable line (an object would print as '[object Object]' in tools that read the console as text).
  if (error instanceof ApiError) console.error(`[api] ${error.statusCode} ${error.reason}`);
  else console.error('[api]', error);
}

const early = new Map<string, Promise<unknown>>();
const EARLY_ANSWER_MS = 5000;

/**
 * The answer the server put into the page's HTML for the page's first request (docs/decisions/011): read on the
 * first early request, used at most once, and only within the same few seconds as an early answer.
 */
let pageData: PageData | null | undefined;

function readPageData(): PageData | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as Partial<PageData> | null;
    return data && typeof data.url === 'string' && 'body' in data ? { url: data.url, body: data.body } : null;
  } catch {
    return null;
  }
}

/** The same request whatever the order of its query parameters. */
export function sameRequest(a: string, b: string): boolean {
  const canonical = (url: string) => {
    const parsed = new URL(url, 'http://forkful.invalid');
    parsed.searchParams.sort();
    return `${parsed.pathname}${parsed.search}`;
  };
  return canonical(a) === canonical(b);
}

/**
 * The answer the page's HTML carries, if it has one and no request has claimed it yet; reading it here does not
 * claim it (main.tsx puts it into the data cache before a server-rendered page's first render, decision 014).
 */
export function inlinePageData(): PageData | null {
  if (pageData === undefined) {
    pageData = readPageData();
    setTimeout(() => (pageData = null), EARLY_ANSWER_MS);
  }
  return pageData;
}

function takePageData(url: string): { body: unknown } | undefined {
  inlinePageData();
  if (!pageData || !sameRequest(pageData.url, url)) return undefined;
  const { body } = pageData;
  pageData = null;
  return { body };
}

/**
 * Starts a GET that the page being opened is about to make, so its data downloads together with the page's code
 * rather than after it; when the HTML already carries the answer, that is used instead of asking. The page's first
 * identical request takes this answer; unclaimed, it is dropped after 5 s.
 */
export function requestEarly(path: string, query?: QueryParams): void {
  const url = buildUrl(path, query);
  if (early.has(url)) return;
  const inline = takePageData(url);
  const answer = inline ? Promise.resolve().then(() => unwrap<unknown>(200, inline.body)) : request(path, { query });
  answer.catch(() => undefined);
  early.set(url, answer);
  setTimeout(() => early.delete(url), EARLY_ANSWER_MS);
}

function claimEarly<T>(path: string, options: RequestOptions): Promise<T> | undefined {
  if (early.size === 0 || (options.method ?? 'GET') !== 'GET' || options.json !== undefined || options.form) return;
  const url = buildUrl(path, options.query);
  const answer = early.get(url);
  early.delete(url);
  return answer as Promise<T> | undefined;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const claimed = claimEarly<T>(path, options);
  if (claimed) return claimed;
  try {
    try {
      return await send<T>(path, options);
    } catch (error) {
      const expired = error instanceof ApiError && error.statusCode === 401 && error.reason === messages.jwtExpired;
      if (!expired || path === REFRESH_PATH) throw error;
      await refreshSession();
      return await send<T>(path, options);
    }
  } catch (error) {
    log(error);
    throw error;
  }
}
