import autocannon from 'autocannon';

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  cookie?: string;
  /** Extra request headers (the sitemap asks compressed, as crawlers do). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors (timeouts included) and non-2xx answers. */
  errors: number;
}

export const CONNECTIONS = 50;

/**
 * Runs autocannon for `seconds` at 50 connections (or `connections`); every request takes its path (and body,
 * cookie) from `next`.
 */
export async function measure(
  baseUrl: string,
  next: () => RequestSpec,
  seconds: number,
  connections = CONNECTIONS,
): Promise<LoadResult> {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          const spec = next();
          const headers: Record<string, string> = { accept: 'application/json', ...spec.headers };
          if (spec.cookie) headers.cookie = spec.cookie;
          if (spec.body !== undefined) headers['content-type'] = 'application/json';
          return { ...request, method: spec.method, path: spec.path, headers, body: spec.body ?? '' };
        },
      },
    ],
  });
  return loadResultOf(result);
}

/** What the bench keeps of an autocannon run (errors count non-2xx answers too). */
export function loadResultOf(result: autocannon.Result): LoadResult {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
  };
}
