import type pg from 'pg';
import { refreshRecommendations, type RefreshResult } from '../repositories/recommendation-refresh.js';

/** Where the refresher reports (the app's logger). */
export interface RefreshLog {
  info: (message: string) => void;
  error: (details: { err: unknown }, message: string) => void;
}

/**
 * Refreshes the recommendation tables every `intervalSeconds` (RECOMMENDATIONS_REFRESH_SECONDS), starting a few
 * seconds after start-up. Runs never overlap within a process, and across instances the advisory lock lets one
 * compute while the others skip. A refresh with no new signal since the last one costs a few counts.
 */
export function startRecommendationRefresher(
  pool: pg.Pool,
  intervalSeconds: number,
  log: RefreshLog,
  firstDelaySeconds = Math.min(10, intervalSeconds),
): { stop: () => Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RefreshResult | undefined> | undefined;
  let stopped = false;
  const schedule = (seconds: number) => {
    if (stopped) return;
    timer = setTimeout(run, seconds * 1000);
    timer.unref();
  };
  const run = () => {
    running = refreshRecommendations(pool).then(
      (result) => {
        if (result.status === 'refreshed')
          log.info(
            `recommendations refreshed in ${result.seconds.toFixed(1)} s: ${result.coLikedPairs} co-liked and ${result.contentPairs} content pairs`,
          );
        return result;
      },
      (error: unknown) => {
        if (!stopped) log.error({ err: error }, 'recommendation refresh failed; the previous tables stay in use');
        return undefined;
      },
    );
    void running.then(() => schedule(intervalSeconds));
  };
  schedule(firstDelaySeconds);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      // A refresh in progress is left to the shutdown deadline: its transaction rolls back when the process ends.
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    },
  };
}
