import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';
import { UNKNOWN_ID } from '../test/fixtures.js';

// Issue 22: GET /metrics in Prometheus' text format, behind METRICS_TOKEN; off without it.

const TOKEN = 'metrics-token-for-the-test-0123456789';
let ctx: TestContext;
let off: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
  off = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
  await off.close();
});

const scrape = (context: TestContext, authorization?: string) =>
  context.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('/metrics', () => {
  it('is refused without the token or with a wrong one', async () => {
    for (const header of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await scrape(ctx, header);
      expect(response.statusCode, String(header)).toBe(401);
      expect(response.body).not.toContain('forkful_');
    }
  });

  it('counts requests by route pattern (not the raw URL) and status, with latency histograms', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/v1/recipes/all' });
    await ctx.app.inject({ method: 'GET', url: `/api/v1/recipes/${UNKNOWN_ID}/view-recipe` });
    await ctx.app.inject({ method: 'GET', url: '/api/v1/recipes/00000000-0000-4000-8000-000000000001/view-recipe' });
    const response = await scrape(ctx, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toMatch(
      /^forkful_http_requests_total\{method="GET",route="\/api\/v1\/recipes\/all",status_code="200"\} 1$/m,
    );
    expect(text).toMatch(
      /^forkful_http_requests_total\{method="GET",route="\/api\/v1\/recipes\/:id\/view-recipe",status_code="404"\} 2$/m,
    );
    expect(text).not.toContain(UNKNOWN_ID);
    expect(text).toMatch(
      /^forkful_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/v1\/recipes\/all",status_code="200"\} \d+$/m,
    );
    // Pool use, event-loop lag, jobs and the rate-limit fallback are there too.
    expect(text).toMatch(/^forkful_db_pool_connections\{pool="writer",state="total"\} \d+$/m);
    expect(text).toMatch(/^forkful_event_loop_lag_seconds\{stat="p99"\} [\d.e-]+$/m);
    expect(text).toContain('# TYPE forkful_job_runs_total counter');
    expect(text).toMatch(/^forkful_rate_limit_fallback 0$/m);
  });

  it('is not served at all without METRICS_TOKEN', async () => {
    // The path falls to the web app's pages like any unknown address.
    const response = await scrape(off, `Bearer ${TOKEN}`);
    expect(response.headers['content-type']).not.toMatch(/^text\/plain/);
    expect(response.body).not.toContain('forkful_http_requests_total');
    expect(off.app.printRoutes()).not.toContain('metrics');
  });
});
