import { vi } from 'vitest';

export interface MockResponse {
  status?: number;
  body: unknown;
}

export type Handler = (url: URL, init: RequestInit | undefined) => MockResponse | Promise<MockResponse>;

export function ok(data: unknown, status = 200): MockResponse {
  return { status, body: { success: true, statusCode: status, message: 'Success', data } };
}

export function fail(status: number, message: string): MockResponse {
  return { status, body: { success: false, statusCode: status, message } };
}

/** Mocks the network boundary (global fetch) only; everything above it is the real code. */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const result = await handler(url, init);
    return new Response(JSON.stringify(result.body), {
      status: result.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A response the test resolves (or that rejects when the request is aborted). */
export function deferred() {
  let resolve!: (value: MockResponse) => void;
  const promise = new Promise<MockResponse>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

export function abortable(init: RequestInit | undefined, response: Promise<MockResponse>): Promise<MockResponse> {
  return new Promise((resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    void response.then(resolve);
  });
}
