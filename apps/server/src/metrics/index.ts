import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry } from './prom.js';

/**
 * The app's Prometheus metrics (docs/decisions/028-jobs-and-metrics.md). One registry per app instance, never
 * prom-client's global one, so two apps in one process (the tests) keep their numbers apart.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'forkful_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'forkful_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: 'forkful_job_runs_total',
    help: 'Background job runs started by this instance (a run another instance holds is not counted)',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });
  readonly jobFailures = new Counter({
    name: 'forkful_job_failures_total',
    help: 'Background job runs that ended in an error',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });
  readonly jobDuration = new Histogram({
    name: 'forkful_job_duration_seconds',
    help: 'Time a background job run took',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [this.registry],
  });
  readonly rateLimitFallback = new Gauge({
    name: 'forkful_rate_limit_fallback',
    help: '1 while the shared rate-limit store (Redis) is unreachable and limits count per instance; else 0',
    registers: [this.registry],
  });
  readonly rateLimitFallbackEvents = new Counter({
    name: 'forkful_rate_limit_fallback_total',
    help: 'Times the rate limit switched to the per-instance fallback because the shared store failed',
    registers: [this.registry],
  });

  /**
   * Event-loop delay since the previous scrape (perf_hooks' histogram, reset at each scrape). prom-client's
   * collectDefaultMetrics would do the same, but its CPU metric loads @opentelemetry/api, whose ESM build Node
   * cannot load under the test runner's `module` condition; these few gauges are what an operator watches.
   */
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 20 });
  readonly eventLoopLag = (() => {
    const delay = this.loopDelay;
    delay.enable();
    return new Gauge({
      name: 'forkful_event_loop_lag_seconds',
      help: 'Event-loop delay since the previous scrape, by statistic (mean, p50, p99, max)',
      labelNames: ['stat'] as const,
      registers: [this.registry],
      collect() {
        if (delay.count > 0) {
          this.set({ stat: 'mean' }, delay.mean / 1e9);
          this.set({ stat: 'p50' }, delay.percentile(50) / 1e9);
          this.set({ stat: 'p99' }, delay.percentile(99) / 1e9);
          this.set({ stat: 'max' }, delay.max / 1e9);
        }
        delay.reset();
      },
    });
  })();
  readonly memory = new Gauge({
    name: 'forkful_process_memory_bytes',
    help: 'Process memory by kind (rss, heap_used, external)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
    collect() {
      const usage = process.memoryUsage();
      this.set({ kind: 'rss' }, usage.rss);
      this.set({ kind: 'heap_used' }, usage.heapUsed);
      this.set({ kind: 'external' }, usage.external);
    },
  });

  /** Stops the event-loop monitor (the app's onClose). */
  stop(): void {
    this.loopDelay.disable();
  }

  /** Pool use of a database pool (`writer`, `reader`), read at each scrape. */
  watchPool(pool: pg.Pool, name: string): void {
    this.pools.set(name, pool);
  }

  private readonly pools = new Map<string, pg.Pool>();
  readonly dbPool = (() => {
    const pools = this.pools;
    return new Gauge({
      name: 'forkful_db_pool_connections',
      help: 'Database pool connections by pool (writer, reader) and state: total open, idle, requests waiting',
      labelNames: ['pool', 'state'] as const,
      registers: [this.registry],
      collect() {
        for (const [label, pool] of pools) {
          this.set({ pool: label, state: 'total' }, pool.totalCount);
          this.set({ pool: label, state: 'idle' }, pool.idleCount);
          this.set({ pool: label, state: 'waiting' }, pool.waitingCount);
        }
      },
    });
  })();
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Counts and times every request by route pattern (`/api/v1/recipes/:id`, never the raw URL, so label values stay
 * few) and serves `GET /metrics` in Prometheus' text format when a token is configured; without one the path is
 * not served at all. Scrapers send `Authorization: Bearer <METRICS_TOKEN>`.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { metrics, token }: { metrics: Metrics; token: string | undefined }) => {
    app.decorate('metrics', metrics);
    app.addHook('onClose', async () => metrics.stop());
    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      const labels = { method: request.method, route, status_code: String(reply.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    });
    if (!token) return;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameToken(given, token)) {
        reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return reply.code(401).type('text/plain; charset=utf-8').send('A metrics token is required\n');
      }
      reply.header('Cache-Control', 'no-store');
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
  { name: 'forkful-metrics' },
);
