import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';
import { recommendationsRefreshJob } from './recommendation-refresher.js';

// RECOMMENDATIONS_REFRESH_LOW_PRIORITY reaches the refresh: with it, the job's refresh runs its backend at the lowest
// CPU priority (the test database is on this host), and the log line says which (db/backend-priority.ts).

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function runJob(lowPriority: boolean): Promise<string[]> {
  ctx = await createTestApp();
  const lines: string[] = [];
  const log = { info: (line: string) => lines.push(line) } as unknown as FastifyBaseLogger;
  await recommendationsRefreshJob(300, { lowPriority }).run({
    db: ctx.database.db,
    log,
    signal: new AbortController().signal,
  });
  return lines;
}

describe('the recommendation refresh job', () => {
  it('refreshes at the lowest CPU priority when asked', async () => {
    const [line] = await runJob(true);
    expect(line).toMatch(/^recommendations refreshed in [\d.]+ s \(SCHED_IDLE\):/);
  });

  it('refreshes at normal priority by default', async () => {
    const [line] = await runJob(false);
    expect(line).toMatch(/^recommendations refreshed in [\d.]+ s: /);
  });
});
