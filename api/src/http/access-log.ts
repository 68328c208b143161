import type { FastifyInstance } from 'fastify';
import { redactUrl, type Config, type Logger } from '@epos/platform';

interface AccessEntry {
  /** Given where the log is not already bound to the request's id. */
  reqId?: string;
  method: string;
  url: string;
  remoteAddress: string | undefined;
  status: number;
  ms: number;
}

/** Writes an answered request's access line when it is due (see `accessLog`). */
export interface AccessLog {
  /** Why this answer is logged ('failed', 'slow', 'sampled'), or null: asked first, so the line is built only when written. */
  due(status: number, ms: number): AccessReason | null;
  write(log: Pick<Logger, 'info' | 'warn'>, reason: AccessReason, entry: AccessEntry): void;
}

type AccessReason = 'failed' | 'slow' | 'sampled';

/**
 * One log line per answered request instead of Fastify's two: every failed and slow answer, and a
 * sample of the others (`ACCESS_LOG_SAMPLE`), at most `ACCESS_LOG_SAMPLED_PER_SECOND` a second (at
 * the front door's rate a 1 % sample cost a tenth of a cached page's throughput, issue 37). Two
 * synchronous JSON lines per request cost more than a cached read itself. A failure's cause is
 * logged at error level by the error handler, so its access line is a warning; a 503 while a
 * dependency is down is expected (the outage is logged once where the connection is lost) and is
 * sampled like any other answer.
 */
export function accessLog(config: Pick<Config, 'ACCESS_LOG_SAMPLE' | 'ACCESS_LOG_SAMPLED_PER_SECOND' | 'SLOW_REQUEST_MS'>): AccessLog {
  const { ACCESS_LOG_SAMPLE: sample, ACCESS_LOG_SAMPLED_PER_SECOND: perSecond, SLOW_REQUEST_MS: slowMs } = config;
  let second = -1;
  let written = 0;
  /** Whether this second's sampled lines are still under the limit (counting this one). */
  const underLimit = () => {
    if (perSecond === 0) return true;
    const now = Math.floor(performance.now() / 1000);
    if (now !== second) [second, written] = [now, 0];
    return ++written <= perSecond;
  };
  return {
    due(status, ms) {
      if (status >= 500 && status !== 503) return 'failed';
      if (ms >= slowMs) return 'slow';
      return sample > 0 && Math.random() < sample && underLimit() ? 'sampled' : null;
    },
    write(log, reason, { reqId, method, url, remoteAddress, status, ms }) {
      const line = { ...(reqId ? { reqId } : {}), method, url: redactUrl(url), remoteAddress, status, ms: Math.round(ms * 10) / 10 };
      if (reason === 'failed') log.warn(line, 'request failed');
      else if (reason === 'slow') log.warn(line, 'slow request');
      else log.info(line, 'request completed');
    },
  };
}

export function registerAccessLog(app: FastifyInstance, log: AccessLog): void {
  app.addHook('onResponse', async (request, reply) => {
    const reason = log.due(reply.statusCode, reply.elapsedTime);
    if (reason)
      log.write(request.log, reason, { method: request.method, url: request.url, remoteAddress: request.ip, status: reply.statusCode, ms: reply.elapsedTime });
  });
}
