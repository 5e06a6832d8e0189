/** A place an upload holds in the image queue, from the moment its file starts arriving until its request ends. */
export interface ImageTicket {
  /** Runs image work when a worker is free; the uploads before it go first. */
  process<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the place back (once; later calls do nothing). */
  release(): void;
}

/**
 * Bounds the image work of uploads: at most `workers` images are decoded and encoded at a time, and at most `waiting`
 * more uploads are admitted to wait (or still arrive) behind them. An upload that finds every place taken is refused
 * at once, before its bytes are written anywhere, rather than queued without limit: each decode holds tens of MB
 * and a libuv thread that log-ins (argon2) need too.
 */
export class ImageQueue {
  private admitted = 0;
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    readonly workers: number,
    readonly waiting: number,
  ) {}

  /** A place for one more upload, or undefined when the queue is full. */
  admit(): ImageTicket | undefined {
    if (this.admitted >= this.workers + this.waiting) return undefined;
    this.admitted += 1;
    let released = false;
    return {
      process: (work) => this.run(work),
      release: () => {
        if (released) return;
        released = true;
        this.admitted -= 1;
      },
    };
  }

  /** Uploads holding a place: arriving, waiting or being processed. */
  get size(): number {
    return this.admitted;
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.workers) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      // The worker passes straight to the next upload in line, so `running` never drops in between.
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
