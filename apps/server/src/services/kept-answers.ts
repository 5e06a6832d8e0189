/**
 * How many bytes of answers one store keeps, the least recently read going. The bench's planner reads (20 cooks
 * reading any of 52 weeks: ~1,040 answers of ~20 KB) need ~20 MB; 16 M characters, the earlier budget, dropped a
 * fifth of them (bench/results/2026-11-27-week-stamp.md).
 */
const KEPT_ANSWER_BYTES = 32 * 1024 * 1024;

/**
 * Answers an instance made last, by key, each with the stamp it was made at (decision 024, "The list answer, kept"):
 * a read sends the kept answer when the database's stamp for it has not moved. Answers are kept as their UTF-8
 * bytes, as they are sent: outside the JS heap, counted exactly, and never encoded again. A Map keeps insertion
 * order: a read moves its entry to the end, so the first entries are the least recently read.
 */
export class KeptAnswers {
  private readonly answers = new Map<string, { stamp: string; body: Buffer }>();
  private bytes = 0;

  constructor(private readonly maxBytes = KEPT_ANSWER_BYTES) {}

  get(key: string): { stamp: string; body: Buffer } | undefined {
    const kept = this.answers.get(key);
    if (kept) {
      this.answers.delete(key);
      this.answers.set(key, kept);
    }
    return kept;
  }

  set(key: string, stamp: string, body: Buffer): void {
    this.forget(key);
    if (body.length > this.maxBytes) return;
    this.answers.set(key, { stamp, body });
    this.bytes += body.length;
    for (const [oldest] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  private forget(key: string): void {
    const kept = this.answers.get(key);
    if (!kept) return;
    this.answers.delete(key);
    this.bytes -= kept.body.length;
  }
}
