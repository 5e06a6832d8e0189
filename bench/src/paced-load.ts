import http from 'node:http';
import type { LoadResult } from './load.js';
import { seeded } from './workload.js';

/** One request of a paced run: a GET with its headers (a cook's cookie). */
export interface PacedRequest {
  method: 'GET';
  path: string;
  headers?: Record<string, string>;
}

export interface PacedOptions {
  baseUrl: string;
  /** Requests per second on average; arrivals are a Poisson process (exponential gaps), as independent visitors are. */
  rate: number;
  seconds: number;
  /** Keep-alive sockets at most; a request that finds them all busy waits for one (its wait is in its latency). */
  connections: number;
  next: () => PacedRequest;
  /** Seeds the arrival gaps, so two calls measured one after the other see the same pattern of arrivals. */
  seed?: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * An open-loop load at a steady average rate: each request goes out at its own arrival time, whether or not the
 * earlier ones have answered, and its latency runs from then to the last byte of its answer, in fractions of a
 * millisecond. autocannon's `overallRate` instead lets each connection send its share of a second's requests back to
 * back at the start of the second, so its p50 at 200 requests/s over 20 connections is mostly the wait behind a
 * burst of 20, and it reports whole milliseconds. Both are kept (recs-under-refresh.ts `--paced`).
 */
export async function measurePaced(options: PacedOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const url = new URL(options.baseUrl);
  const gap = seeded(options.seed ?? 1);
  const latencies: number[] = [];
  let errors = 0;
  const inFlight = new Set<Promise<void>>();

  const send = (request: PacedRequest): Promise<void> =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: request.path,
          agent,
          headers: { accept: 'application/json', ...request.headers },
          timeout: 10_000,
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            if ((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300)
              latencies.push(performance.now() - started);
            else errors += 1;
            resolve();
          });
          res.on('error', () => {
            errors += 1;
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });

  const begun = performance.now();
  const end = begun + options.seconds * 1000;
  let due = begun;
  let sent = 0;
  while (due < end) {
    const now = performance.now();
    if (due > now) await new Promise((resolve) => setTimeout(resolve, due - now));
    // Every request whose arrival time has come goes out now (a timer fires late by up to a millisecond or so).
    while (due <= performance.now() && due < end) {
      const done = send(options.next());
      inFlight.add(done);
      void done.then(() => inFlight.delete(done));
      sent += 1;
      due += (-Math.log(1 - gap()) / options.rate) * 1000;
    }
  }
  await Promise.all(inFlight);
  agent.destroy();
  const elapsed = (performance.now() - begun) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: sent / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: sent,
    errors,
  };
}
