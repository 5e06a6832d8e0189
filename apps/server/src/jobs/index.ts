import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client.js';
import type { Metrics } from '../metrics/index.js';

/**
 * Background jobs that run once across every instance (docs/decisions/028-jobs-and-metrics.md).
 *
 * One instance at a time is the job leader: it holds a session-level PostgreSQL advisory lock on a connection of
 * its own, and only the leader's timers start runs. The others try to take the lock every `electionMs`; when the
 * leader stops or dies (its session ends, and the lock with it), one of them takes over. Each run also holds a
 * per-job advisory lock, so a run started by hand (`runNow`) never overlaps the leader's run of the same job.
 *
 * Features register their jobs on the app before it is ready:
 *
 *   app.jobs.register({ name: 'recommendations-refresh', everySeconds: 300, run: async ({ db, log, signal }) => … });
 */
export interface JobContext {
  db: Database;
  log: FastifyBaseLogger;
  /** Aborted when the instance shuts down: a long job should stop at the next convenient point. */
  signal: AbortSignal;
}

export interface JobDefinition {
  /** Unique, stable: it names the job's lock, its log lines and its metrics. */
  name: string;
  /** Time between the end of one run and the start of the next (on the leader); the first run starts at election. */
  everySeconds: number;
  run: (context: JobContext) => Promise<void>;
}

export interface JobRunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  metrics: Metrics;
  /** How often a follower tries to become leader (default 5 s). */
  electionMs?: number;
}

/** The advisory-lock keys: the first half is 'JOBS' in ASCII, the second the job's name hashed (0 is the leader). */
const JOB_LOCK_SPACE = 0x4a4f4253;
const LEADER = 0;
function jobKey(name: string): number {
  return createHash('sha256').update(name).digest().readInt32BE(0) || 1;
}

export class JobRunner {
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private electionTimer: NodeJS.Timeout | undefined;
  private leaderClient: pg.Client | undefined;
  private started = false;
  private stopped = false;

  constructor(private readonly options: JobRunnerOptions) {}

  register(job: JobDefinition): void {
    if (this.jobs.has(job.name)) throw new Error(`A job named ${job.name} is already registered`);
    if (!(job.everySeconds > 0)) throw new Error(`Job ${job.name}: everySeconds must be positive`);
    this.jobs.set(job.name, job);
    if (this.leaderClient) this.schedule(job, 0);
  }

  get registered(): string[] {
    return [...this.jobs.keys()];
  }

  /** Whether this instance is the job leader now. */
  get isLeader(): boolean {
    return this.leaderClient !== undefined;
  }

  /** Starts taking part in the leader election. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    void this.elect();
  }

  /** Leaves the election, lets a run in progress finish (its signal is aborted), and gives the lock back. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    clearTimeout(this.electionTimer);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled(this.running.values());
    await this.resign();
  }

  /**
   * Runs a job now on this instance, unless another instance is running it (then resolves to false at once).
   * Leader or not: for tests, and for features that want a refresh right after a change.
   */
  async runNow(name: string): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`No job named ${name}`);
    return this.runOnce(job);
  }

  private async elect(): Promise<void> {
    if (this.stopped || this.leaderClient) return;
    const { db, log } = this.options;
    const client = new pg.Client(db.$client.options);
    client.on('error', () => undefined);
    try {
      await client.connect();
      const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
        JOB_LOCK_SPACE,
        LEADER,
      ]);
      if (result.rows[0]?.locked && !this.stopped) {
        this.leaderClient = client;
        // The session ends (database restart, terminated backend): the lock is gone, so is the leadership.
        client.once('end', () => this.lostLeadership(client));
        log.info({ jobs: this.registered }, 'this instance now runs the background jobs');
        for (const job of this.jobs.values()) this.schedule(job, 0);
        return;
      }
      await client.end();
    } catch (error) {
      log.debug({ err: error }, 'job leader election failed; trying again');
      await client.end().catch(() => undefined);
    }
    this.scheduleElection();
  }

  private scheduleElection(): void {
    if (this.stopped) return;
    this.electionTimer = setTimeout(() => void this.elect(), this.options.electionMs ?? 5_000);
    this.electionTimer.unref();
  }

  private lostLeadership(client: pg.Client): void {
    if (this.leaderClient !== client) return;
    this.leaderClient = undefined;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    if (!this.stopped) {
      this.options.log.warn('lost the job leader lock (database connection ended); will try to take it again');
      this.scheduleElection();
    }
  }

  private async resign(): Promise<void> {
    const client = this.leaderClient;
    this.leaderClient = undefined;
    if (client) await client.end().catch(() => undefined);
  }

  private schedule(job: JobDefinition, delayMs: number): void {
    clearTimeout(this.timers.get(job.name));
    const timer = setTimeout(() => {
      void this.runOnce(job).finally(() => {
        if (this.leaderClient && !this.stopped) this.schedule(job, job.everySeconds * 1000);
      });
    }, delayMs);
    timer.unref();
    this.timers.set(job.name, timer);
  }

  /** One run under the job's own lock (a pooled connection holds it for the run). */
  private async runOnce(job: JobDefinition): Promise<boolean> {
    const previous = this.running.get(job.name);
    if (previous) return false;
    const { db, log, metrics } = this.options;
    const work = (async () => {
      let client: pg.PoolClient;
      try {
        client = await db.$client.connect();
      } catch (error) {
        // No connection (the pool timed out, PostgreSQL is restarting): this run is skipped, the next one comes as
        // scheduled. Thrown from here, it was an unhandled rejection of the timer's promise, and the process ended.
        log.warn({ err: error, job: job.name }, 'job could not start');
        return false;
      }
      let broken: Error | undefined;
      try {
        const key = jobKey(job.name);
        const lock = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
          JOB_LOCK_SPACE,
          key,
        ]);
        if (!lock.rows[0]?.locked) return false;
        const started = performance.now();
        metrics.jobRuns.inc({ job: job.name });
        try {
          await job.run({ db, log: log.child({ job: job.name }), signal: this.abort.signal });
          log.info({ job: job.name, ms: Math.round(performance.now() - started) }, 'job finished');
        } catch (error) {
          metrics.jobFailures.inc({ job: job.name });
          log.error({ err: error, job: job.name }, 'job failed');
        } finally {
          metrics.jobDuration.observe({ job: job.name }, (performance.now() - started) / 1000);
          await client.query('SELECT pg_advisory_unlock($1, $2)', [JOB_LOCK_SPACE, key]).catch((error: Error) => {
            broken = error;
          });
        }
        return true;
      } catch (error) {
        broken = error instanceof Error ? error : new Error(String(error));
        log.warn({ err: error, job: job.name }, 'job could not start');
        return false;
      } finally {
        client.release(broken);
      }
    })();
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(job.name, settled);
    try {
      return await work;
    } finally {
      this.running.delete(job.name);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's job runner: register jobs before the app is ready. */
    jobs: JobRunner;
  }
}
