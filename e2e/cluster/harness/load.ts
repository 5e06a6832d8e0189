import { setTimeout as sleep } from 'node:timers/promises';
import { call, type CookieJar } from './client.js';

export interface Outcome {
  method: string;
  path: string;
  /** Milliseconds since the epoch (Date.now()) when the request was sent and when its answer (or error) came. */
  sentAt: number;
  doneAt: number;
  status: number;
  servedBy: string;
  error?: string;
}

export const failed = (outcome: Outcome) =>
  outcome.error !== undefined || outcome.status < 200 || outcome.status >= 300;

export interface LoadTarget {
  base: string;
  /** Signed-in cooks; each worker works as one of them. */
  cooks: CookieJar[];
  recipeIds: string[];
  from: string;
  /** A pause before each request, so that the load is steady traffic rather than a saturation test. */
  pauseMs?: number;
}

/**
 * Steady traffic through the proxy, as visitors and signed-in cooks make it: list and view recipes (GET), read the
 * current account (GET, signed in) and rename the account (PATCH: a write the proxy must never replay). Runs
 * `workers` loops, back to back, until `stop()`, which resolves with every request's outcome.
 */
export function startLoad(target: LoadTarget, workers = 6): { sofar: () => Outcome[]; stop: () => Promise<Outcome[]> } {
  const outcomes: Outcome[] = [];
  let running = true;
  const loop = async (worker: number) => {
    const jar = target.cooks[worker % target.cooks.length];
    for (let turn = 0; running; turn++) {
      const recipeId = target.recipeIds[turn % target.recipeIds.length] ?? '';
      const step = (worker + turn) % 4;
      const [method, path, json] =
        step === 0
          ? ['GET', '/api/v1/recipes/all?page=1&limit=12', undefined]
          : step === 1
            ? ['GET', `/api/v1/recipes/${recipeId}/view-recipe`, undefined]
            : step === 2
              ? ['GET', '/api/v1/users/current', undefined]
              : ['PATCH', '/api/v1/users/update-details', { name: `Cook ${worker} turn ${turn}` }];
      if (target.pauseMs) await sleep(target.pauseMs);
      const sentAt = Date.now();
      try {
        const reply = await call(target.base, method, path, { jar, json, from: target.from, timeoutMs: 20_000 });
        outcomes.push({ method, path, sentAt, doneAt: Date.now(), status: reply.status, servedBy: reply.servedBy });
      } catch (error) {
        outcomes.push({
          method,
          path,
          sentAt,
          doneAt: Date.now(),
          status: 0,
          servedBy: '',
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  };
  const loops = Array.from({ length: workers }, (_, worker) => loop(worker));
  return {
    /** The outcomes so far (the load goes on). */
    sofar: () => [...outcomes],
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

/** A short account of failures for an assertion message. */
export function describeFailures(outcomes: Outcome[], since = 0): string {
  return outcomes
    .filter(failed)
    .slice(0, 20)
    .map(
      (o) =>
        `${o.method} ${o.path} sent +${o.sentAt - since} ms, done +${o.doneAt - since} ms: ${o.error ?? o.status} (${o.servedBy || 'proxy'})`,
    )
    .join('\n');
}
