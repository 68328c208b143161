/**
 * Errors meaning "the database cannot be reached right now" (a restart, a failover, a crash, a
 * network cut), as opposed to "this query is wrong": worth a retry later, never a crash or a 500.
 * PostgreSQL's, and Redis's where it holds the shared counters and the job queue.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '53300', // too_many_connections
]);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
const DRIVER_MESSAGES = [
  /^Connection terminated/, // pg: the server went away (unexpectedly, or during a timeout)
  /timeout exceeded when trying to connect/i, // pg-pool: connectionTimeoutMillis while waiting for a connection
  /Client has encountered a connection error and is not queryable/,
  /the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/,
  /terminating connection due to (administrator command|unexpected postmaster exit|crash of another server process)/,
  /^Connection is closed/, // ioredis: a command on a connection that went away
  /^Reached the max retries per request limit/, // ioredis: Redis down for all of a command's retries
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || NETWORK_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Node reports a refused connection to every address of a name (::1 and 127.0.0.1) as an AggregateError.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}

/** A short description for a log line (no stack: an outage is expected, not a bug). */
export function describeDatabaseError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  const text = typeof message === 'string' && message ? message : Array.isArray(errors) ? describeDatabaseError(errors[0]) : 'unknown error';
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
}
