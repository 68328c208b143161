import type { Logger } from '../logging/logger.js';
import { describeDatabaseError } from './unavailable.js';

const FIRST_RETRY_MS = 100;
/** The longest wait between two attempts to reconnect: a server back is in use again within this. */
export const MAX_RECONNECT_DELAY_MS = 5_000;

/** Capped exponential backoff for reconnecting: 100 ms, 200 ms, 400 ms … at most 5 s. */
export function reconnectDelay(failures: number): number {
  return Math.min(MAX_RECONNECT_DELAY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures, 16));
}

/**
 * Reports one connection's outages: a warning when it is lost (once, however many errors follow,
 * and without a stack: an outage is expected, not a bug), and a line when it is back.
 */
export class OutageLog {
  private since: number | null = null;
  private closed = false;

  constructor(
    private readonly logger: Logger | undefined,
    private readonly what: string,
  ) {}

  /** Closing on purpose: connections ending from now on are not an outage. */
  close(): void {
    this.closed = true;
  }

  lost(error: unknown): void {
    if (this.since !== null || this.closed) return;
    this.since = Date.now();
    this.logger?.warn({ reason: describeDatabaseError(error) }, `${this.what} lost; reconnecting`);
  }

  back(): void {
    if (this.since === null) return;
    const downMs = Date.now() - this.since;
    this.since = null;
    this.logger?.info({ downMs }, `${this.what} back`);
  }
}
