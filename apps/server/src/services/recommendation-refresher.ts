import type { JobDefinition } from '../jobs/index.js';
import { refreshRecommendations } from '../repositories/recommendation-refresh.js';

export const RECOMMENDATIONS_JOB = 'recommendations-refresh';

/**
 * The recommendation refresh as a background job (issue 22's runner: one leader instance runs it every
 * RECOMMENDATIONS_REFRESH_SECONDS, the first run at election). The refresh's own transaction-level advisory lock
 * stays: a run started by hand on another instance skips rather than computes twice. A run with no new signal
 * since the last one costs a few counts (docs/decisions/026). With `lowPriority` (RECOMMENDATIONS_REFRESH_LOW_PRIORITY,
 * off by default) its backend runs at the lowest CPU priority when the database is on this host.
 */
export function recommendationsRefreshJob(everySeconds: number, options: { lowPriority: boolean }): JobDefinition {
  return {
    name: RECOMMENDATIONS_JOB,
    everySeconds,
    run: async ({ db, log }) => {
      const result = await refreshRecommendations(db.$client, false, { lowPriority: options.lowPriority });
      if (result.status === 'refreshed')
        log.info(
          `recommendations refreshed in ${result.seconds.toFixed(1)} s${result.priority ? ` (${result.priority === 'idle' ? 'SCHED_IDLE' : 'nice 19'})` : ''}: ${result.coLikedPairs} co-liked and ${result.contentPairs} content pairs`,
        );
    },
  };
}
