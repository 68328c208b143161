import { describeDatabaseError, isDatabaseUnavailable } from '../db/unavailable.js';
import type { Logger } from '../logging/logger.js';

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
