import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
import type pg from 'pg';

/*
 * Background work at the lowest CPU priority, when the database runs on this host (the embedded default, or a
 * PostgreSQL on the same small machine): a long batch statement (the recommendation refresh) then takes a core only
 * when the API's own queries and the server do not want it (docs/decisions/026). PostgreSQL has no priority of its
 * own; a backend is a process, and the kernel's nice value applies to it.
 *
 * Only when this connection's backend is certainly a process of this host: its process title (PostgreSQL's default
 * `update_process_title`) names our end of the connection, `host(port)` over TCP or `[local]` over a Unix socket.
 * A database elsewhere, in a container with its own process numbers, or behind a pooler (another port) fails the
 * check, and nothing is changed. The caller must not hand the connection back to the pool afterwards: an
 * unprivileged process cannot raise a priority again, so the connection is closed (`release(true)`).
 */

export interface LoweredPriority {
  pid: number;
  /** The nice value set (19: the lowest priority). */
  nice: number;
  /**
   * The kernel's scheduling policy read back: 'idle' (SCHED_IDLE, set with util-linux's `chrt` where it is
   * installed and allowed), 'normal' (SCHED_OTHER: nice 19 only), or 'other' (a policy someone else set, or none
   * readable; nice 19 still applies).
   */
  policy: 'idle' | 'normal' | 'other';
}

export const BACKGROUND_NICE = 19;

/** SCHED_IDLE's number in the kernel's ABI (/proc/PID/stat field 41, sched_setscheduler). */
const SCHED_IDLE = 5;

/** The scheduling policy of `pid` from /proc (field 41 of stat), or null when it cannot be read. */
export function schedulingPolicy(pid: number): number | null {
  try {
    // The process name (field 2) is in parentheses and may hold spaces: count from after its closing one.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const policy = Number(fields[41 - 3]);
    return Number.isInteger(policy) ? policy : null;
  } catch {
    return null;
  }
}

/**
 * SCHED_IDLE for `pid`, where `chrt` (util-linux) is there and the kernel allows it. A nice-19 task still shares a
 * core in slices with the tasks it competes with, so a woken API backend or the server could wait a slice behind
 * it; a SCHED_IDLE task gives way the moment one of them wakes (decision 026). Only lowers, which an unprivileged
 * process may do to its own processes; otherwise nothing changes and nice 19 stays.
 */
async function setIdlePolicy(pid: number): Promise<void> {
  try {
    await promisify(execFile)('chrt', ['--idle', '--pid', '0', String(pid)], { timeout: 5000 });
  } catch {
    // No chrt, or not allowed: nice 19 it is.
  }
}

/** The process title of `pid` on this host, or null when there is no such process. */
function processTitle(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return null;
  }
}

/** Whether the process title `title` is the backend serving our end of the connection (`localPort`, or a socket). */
export function titleNamesConnection(title: string, localPort: number | null, clientPort: number | null): boolean {
  if (!/^postgres(:| )/.test(title)) return false;
  if (clientPort === null) return localPort === null && title.includes('[local]');
  return localPort === clientPort && title.includes(`(${clientPort})`);
}

/**
 * Lowers the CPU priority of the backend behind `client` when it runs on this host; null when it does not (or the
 * kernel refused). Never throws: a refresh at normal priority is still a refresh.
 */
export async function lowerBackendPriority(client: pg.PoolClient): Promise<LoweredPriority | null> {
  if (process.platform !== 'linux') return null;
  try {
    const row = (
      await client.query<{ pid: number; port: number | null }>(
        'SELECT pg_backend_pid() AS pid, inet_client_port() AS port',
      )
    ).rows[0];
    if (!row) return null;
    // pg keeps its socket on the client's connection (not in its typings).
    const stream = (client as unknown as { connection?: { stream?: { localPort?: number } } }).connection?.stream;
    const localPort = typeof stream?.localPort === 'number' ? stream.localPort : null;
    const title = processTitle(row.pid);
    if (title === null || !titleNamesConnection(title, localPort, row.port)) return null;
    os.setPriority(row.pid, BACKGROUND_NICE);
    await setIdlePolicy(row.pid);
    const policy = schedulingPolicy(row.pid);
    return {
      pid: row.pid,
      nice: os.getPriority(row.pid),
      policy: policy === SCHED_IDLE ? 'idle' : policy === 0 ? 'normal' : 'other',
    };
  } catch {
    return null;
  }
}
