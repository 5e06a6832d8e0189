import { setTimeout as sleep } from 'node:timers/promises';

let draining = false;

/** True from SIGTERM on: readiness answers 503 so that the proxy stops sending new requests here. */
export const isDraining = (): boolean => draining;

/**
 * Fails readiness from now on, then waits `seconds` (the configuration's `shutdownDrainSeconds`,
 * SHUTDOWN_DRAIN_SECONDS) while requests keep being served.
 */
export async function drain(seconds: number): Promise<void> {
  draining = true;
  if (seconds > 0) await sleep(seconds * 1000);
}
