/** Gives back a place taken; calling it again does nothing. */
export type Release = () => void;

/**
 * At most `running` at once; up to `queued` more wait for a place, each for at most `waitMs`, in
 * the order they came. Whoever finds the line full, waits too long or gives up waiting gets null.
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: { grant: () => void }[] = [];

  constructor(
    readonly running: number,
    readonly queued: number,
    readonly waitMs: number,
  ) {}

  /** A place, once one is free; null when the line is full, the wait passes `waitMs` or `gaveUp` fires first. */
  enter(gaveUp?: AbortSignal): Promise<Release | null> {
    if (this.active < this.running) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.queued || this.waitMs === 0 || gaveUp?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const leave = () => {
        clearTimeout(timer);
        gaveUp?.removeEventListener('abort', refuse);
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
      };
      const refuse = () => {
        leave();
        resolve(null);
      };
      const waiter = {
        grant: () => {
          leave();
          this.active++;
          resolve(this.releaser());
        },
      };
      const timer = setTimeout(refuse, this.waitMs);
      gaveUp?.addEventListener('abort', refuse, { once: true });
      this.waiting.push(waiter);
    });
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.waiting[0]?.grant();
    };
  }
}
