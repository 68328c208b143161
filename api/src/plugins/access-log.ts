import type { FastifyInstance } from 'fastify';
import { redactUrl, type Config } from '@epos/platform';

/**
 * One log line per answered request instead of Fastify's two: every failed and slow answer, and a
 * sample of the others (`ACCESS_LOG_SAMPLE`). Two synchronous JSON lines per request cost more
 * than a cached read itself. A failure's cause is logged at error level by the error handler, so
 * its access line is a warning; a 503 while a dependency is down is expected (the outage is
 * logged once where the connection is lost) and is sampled like any other answer.
 */
export function registerAccessLog(app: FastifyInstance, config: Pick<Config, 'ACCESS_LOG_SAMPLE' | 'SLOW_REQUEST_MS'>): void {
  const { ACCESS_LOG_SAMPLE: sample, SLOW_REQUEST_MS: slowMs } = config;
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const failed = status >= 500 && status !== 503;
    const slow = ms >= slowMs;
    if (!failed && !slow && !(sample > 0 && Math.random() < sample)) return;
    const line = { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip, status, ms: Math.round(ms * 10) / 10 };
    if (failed) request.log.warn(line, 'request failed');
    else if (slow) request.log.warn(line, 'slow request');
    else request.log.info(line, 'request completed');
  });
}
