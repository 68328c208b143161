import { describeDatabaseError, isDatabaseUnavailable } from '../db/unavailable.js';
import type { Logger } from '../logging/logger.js';

/**
 * BullMQ's word for a run whose lock lapsed before it finished (its worker was cut off from the
 * backend longer than the lock lasts, as in an outage, or starved on a busy machine): the run is
 * already back in the queue and runs again, so this is a warning, not an error.
 */
const LAPSED_LOCK = /is not in the active state|Missing lock for job/;

/** Connection errors closer together than this belong to one outage. */
const OUTAGE_QUIET_MS = 60_000;

/**
 * Logs the errors of a client that reconnects by itself (the job queue's, the API's rate-limit
 * counters'): a lost connection to the backend (PostgreSQL or Redis going away) once per outage
 * as a warning without a stack, anything else as an error.
 */
export class QuietErrorLog {
  private lastOutageError = 0;

  constructor(private readonly logger: Logger) {}

  report(error: Error, message: string, context: Record<string, unknown> = {}): void {
    if (LAPSED_LOCK.test(error.message)) {
      this.logger.warn({ reason: error.message, ...context }, `${message}: the run's lock lapsed; it runs again`);
      return;
    }
    if (!isDatabaseUnavailable(error)) {
      this.logger.error({ err: error, ...context }, message);
      return;
    }
    const now = Date.now();
    const newOutage = now - this.lastOutageError > OUTAGE_QUIET_MS;
    this.lastOutageError = now;
    if (newOutage) this.logger.warn({ reason: describeDatabaseError(error), ...context }, `${message}: backend unreachable; retrying`);
  }
}
