import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { ConfigError } from '../config.js';

let draining = false;

/** True from SIGTERM on: readiness answers 503 so that the proxy stops sending new requests here. */
export const isDraining = (): boolean => draining;

const MESSAGE = 'must be a whole number from 0 to 60';
const drainSeconds = z.coerce.number({ error: MESSAGE }).int(MESSAGE).min(0, MESSAGE).max(60, MESSAGE);

/**
 * SHUTDOWN_DRAIN_SECONDS (default 0): how long a stopping instance keeps serving with readiness failing before it
 * closes its port. Behind a proxy with active health checks, set it past the time the proxy needs to take the
 * instance out (HAProxy as configured in deploy/: 2 failed checks 1 s apart, so 3); a rolling restart then fails no
 * request (docs/decisions/029). Parsed with the configuration at start-up; a bad value stops the server.
 */
export function shutdownDrainSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.SHUTDOWN_DRAIN_SECONDS;
  if (text === undefined || text.trim() === '') return 0;
  const parsed = drainSeconds.safeParse(text);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: SHUTDOWN_DRAIN_SECONDS ${MESSAGE} (got ${JSON.stringify(text)})`);
  }
  return parsed.data;
}

/** Fails readiness from now on, then waits `seconds` while requests keep being served. */
export async function drain(seconds: number): Promise<void> {
  draining = true;
  if (seconds > 0) await sleep(seconds * 1000);
}
