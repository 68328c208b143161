/** Raised when a limiter's queue is full. */
export class BusyError extends Error {
  constructor() {
    super('busy');
    this.name = 'BusyError';
  }
}

/** Runs at most `concurrency` tasks at once; at most `maxQueued` more wait, beyond that BusyError. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most tasks that ran at once (for tests and benchmarks). */
  peak = 0;

  constructor(
    readonly concurrency: number,
    readonly maxQueued: number,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be a whole number ≥ 1');
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueued) throw new BusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next task, so `running` stays the same.
      if (next) next();
      else this.running--;
    }
  }
}
