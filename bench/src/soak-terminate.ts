import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { percentile, type Sample } from './soak-traffic.js';

/** One termination of every backend of the soak's database, and when the server answered again. */
export interface Round {
  /** When the terminating statement was sent (ms since the traffic started). */
  issuedAt: number;
  /** When none of the backends it signalled was left in pg_stat_activity (polled every 5 ms). */
  doneAt: number;
  terminated: number;
  /** End of the first probe sent after `doneAt` that got an answer below 500; undefined if none before the next round. */
  recoveredAt?: number;
}

export interface RoundWindow {
  start: number;
  end: number;
}

/**
 * What a restart, a failover or a connection-killing proxy does, every `everyMs`: ends every connection of the
 * soak's database, from a connection to another database, while the traffic goes on. A probe (a cheap public list)
 * is sent every `probeEveryMs` besides the mixed traffic, so that each round's recovery is seen within that step
 * whatever the mix happens to be doing.
 */
export class BackendTerminator {
  readonly rounds: Round[] = [];
  readonly probes: Sample[] = [];
  readonly errors: string[] = [];
  private terminating = true;
  private probing = true;
  private readonly terminated: Promise<void>;
  private readonly probed: Promise<void>;

  constructor(
    private readonly options: {
      adminUrl: string;
      databaseName: string;
      base: string;
      t0: number;
      everyMs: number;
      probeEveryMs: number;
    },
  ) {
    this.terminated = this.terminateLoop();
    this.probed = this.probeLoop();
  }

  private now(): number {
    return performance.now() - this.options.t0;
  }

  private async terminateLoop(): Promise<void> {
    const admin = new pg.Client({ connectionString: this.options.adminUrl });
    // The admin connection is to another database and is never terminated; a loss of it is reported, not a crash.
    admin.on('error', (error) => this.errors.push(`admin connection: ${error.message}`));
    await admin.connect();
    const start = this.now();
    try {
      for (let n = 1; this.terminating; n++) {
        const at = start + n * this.options.everyMs;
        while (this.terminating && this.now() < at) await sleep(Math.min(200, at - this.now()));
        if (!this.terminating) break;
        const issuedAt = this.now();
        try {
          const result = await admin.query<{ pid: number; ended: boolean }>(
            `SELECT pid, pg_terminate_backend(pid) AS ended FROM pg_stat_activity
             WHERE datname = $1 AND pid <> pg_backend_pid()`,
            [this.options.databaseName],
          );
          const ended = result.rows.filter((row) => row.ended).map((row) => row.pid);
          // pg_terminate_backend only sends the signal. Recovery counts from the moment the last of those backends
          // is gone, so that a request served by one still exiting is not taken for a recovered server. (Its
          // timeout argument would wait too, but in 100 ms steps per backend: a second for a pool of ten.)
          for (const deadline = this.now() + 2000; this.now() < deadline; await sleep(5)) {
            const left = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1)', [ended]);
            if (left.rowCount === 0) break;
          }
          this.rounds.push({ issuedAt, doneAt: this.now(), terminated: ended.length });
        } catch (error) {
          this.errors.push(`round ${n}: ${(error as Error).message}`);
        }
      }
    } finally {
      await admin.end().catch(() => undefined);
    }
  }

  private async probeLoop(): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    const start = this.now();
    for (let n = 0; this.probing; n++) {
      const wait = start + n * this.options.probeEveryMs - this.now();
      if (wait > 0) await sleep(wait);
      // A server that stopped answering altogether shows as unanswered probes; no need to pile more on.
      if (inFlight.size >= 200) continue;
      const running: Promise<void> = this.probe().finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    await Promise.all(inFlight);
  }

  private async probe(): Promise<void> {
    const start = this.now();
    let status: Sample['status'];
    try {
      const response = await fetch(`${this.options.base}/api/v1/recipes/all?page=1&limit=12`, {
        signal: AbortSignal.timeout(15_000),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch (error) {
      status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
    }
    this.probes.push({ action: 'probe', status, start, end: this.now() });
  }

  /**
   * Stops both loops, then settles each round's recovery from the probes alone: they need the database every time,
   * whereas some answers of the mix do not (a photo from disk, a 401 for an expired token).
   */
  async stop(): Promise<RoundWindow[]> {
    this.terminating = false;
    await this.terminated;
    // The probes go on a little after the last round, which may have come just before the traffic ended.
    const last = this.rounds.at(-1);
    if (last) await sleep(Math.max(0, last.doneAt + 2000 - this.now()));
    this.probing = false;
    await this.probed;
    const answers = this.probes
      .filter((sample) => typeof sample.status === 'number' && sample.status < 500)
      .sort((a, b) => a.end - b.end);
    return this.rounds.map((round, index) => {
      const next = this.rounds[index + 1]?.issuedAt ?? Infinity;
      const first = answers.find((sample) => sample.start >= round.doneAt && sample.end < next);
      if (first) round.recoveredAt = first.end;
      // Until it answers again, a 503 is the outage this round made; a request in flight when the round began
      // counts too, as the statement it was running was cut short.
      return { start: round.issuedAt, end: round.recoveredAt ?? next };
    });
  }
}

/** Recovery of each round in ms (from the end of the termination to the first good answer after it). */
export function recoveries(rounds: readonly Round[]): Array<number | undefined> {
  return rounds.map((round) => (round.recoveredAt === undefined ? undefined : round.recoveredAt - round.doneAt));
}

/**
 * What the probes saw around a slow round: whether the server was already slow before it (the machine, or the
 * mix), whether the probes after it were refused (503) or only waited, and how long the first one took.
 */
function slowRound(round: Round, probes: readonly Sample[]): string {
  const latency = (sample: Sample) => Math.round(sample.end - sample.start);
  const before = probes.filter((probe) => probe.start >= round.issuedAt - 2000 && probe.start < round.issuedAt);
  const after = probes.filter(
    (probe) => probe.start >= round.doneAt && probe.start <= (round.recoveredAt ?? round.doneAt + 5000),
  );
  const first = after[0];
  return [
    `recovery ${round.recoveredAt === undefined ? 'never' : `${Math.round(round.recoveredAt - round.doneAt)} ms`}`,
    `probes in the 2 s before: slowest ${Math.max(0, ...before.map(latency))} ms`,
    `first probe after: ${first ? `${String(first.status)} in ${latency(first)} ms` : 'none'}`,
    `probes until recovery: ${after.length}, 503 ×${after.filter((probe) => probe.status === 503).length}`,
  ].join('; ');
}

/** The report's lines for the rounds; `limitMs` is the recovery each round must meet. */
export function roundLines(terminator: BackendTerminator, limitMs: number): string[] {
  const { rounds, probes } = terminator;
  const times = recoveries(rounds);
  const measured = times.filter((ms): ms is number => ms !== undefined).sort((a, b) => a - b);
  const missed = times.filter((ms) => ms === undefined || ms > limitMs).length;
  const kills = rounds.map((round) => round.terminated).sort((a, b) => a - b);
  const statementMs = rounds.map((round) => round.doneAt - round.issuedAt).sort((a, b) => a - b);
  const probeStatuses = new Map<string, number>();
  for (const probe of probes)
    probeStatuses.set(String(probe.status), (probeStatuses.get(String(probe.status)) ?? 0) + 1);
  const slowest = rounds
    .map((round, index) => ({ index, ms: times[index] }))
    .sort((a, b) => (b.ms ?? Infinity) - (a.ms ?? Infinity))
    .slice(0, 3)
    .map(({ index, ms }) => `round ${index + 1} ${ms === undefined ? 'never' : `${Math.round(ms)} ms`}`);
  // What a probe takes when no round is on: recovery cannot be shorter than one such request.
  const calm = probes
    .filter((probe) =>
      rounds.every((round) => probe.end < round.issuedAt || probe.start > (round.recoveredAt ?? Infinity)),
    )
    .filter((probe) => typeof probe.status === 'number' && probe.status < 500)
    .map((probe) => probe.end - probe.start)
    .sort((a, b) => a - b);
  return [
    `rounds:    ${rounds.length} terminations, ${kills.reduce((sum, n) => sum + n, 0)} backends ended (per round min ${kills[0] ?? 0}, max ${kills.at(-1) ?? 0}); all gone ${percentile(statementMs, 50)} ms (p50), ${percentile(statementMs, 100)} ms (max) after the statement was sent`,
    `recovery:  p50 ${percentile(measured, 50)} ms, p95 ${percentile(measured, 95)} ms, max ${percentile(measured, 100)} ms; over ${limitMs} ms or never: ${missed} of ${rounds.length}; slowest: ${slowest.join(', ') || 'none'}`,
    `probes:    ${probes.length} (GET /recipes/all), ${[...probeStatuses]
      .sort()
      .map(([status, count]) => `${status} ×${count}`)
      .join(
        ', ',
      )}; outside the rounds p50 ${percentile(calm, 50)} ms, p95 ${percentile(calm, 95)} ms, p99 ${percentile(calm, 99)} ms`,
    ...rounds.flatMap((round, index) => {
      const ms = times[index];
      if (ms !== undefined && ms <= limitMs) return [];
      return [`  round ${index + 1} at ${Math.round(round.issuedAt / 1000)} s: ${slowRound(round, probes)}`];
    }),
    ...terminator.errors.slice(0, 5).map((error) => `  terminator error: ${error}`),
  ];
}
