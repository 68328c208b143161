import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { capturingLogger } from '@epos/platform/testkit/capturing-logger';
import { accessLog, registerAccessLog } from './access-log.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appLogging(sample: number, perSecond = 0) {
  const { logger, lines } = capturingLogger('info');
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, disableRequestLogging: true });
  apps.push(app);
  registerAccessLog(app, accessLog({ ACCESS_LOG_SAMPLE: sample, ACCESS_LOG_SAMPLED_PER_SECOND: perSecond, SLOW_REQUEST_MS: 50 }));
  app.get('/ok', async () => ({ ok: true }));
  app.get('/slow', async () => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), 80)));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  app.get('/unavailable', async (_request, reply) => reply.code(503).send({ error: 'unavailable' }));
  await app.ready();
  const access = () => lines.filter((l) => ['request completed', 'slow request', 'request failed'].includes(l.msg));
  return { app, access };
}

describe('access log', () => {
  it('writes one line per request when every request is sampled, with secrets in the query blanked', async () => {
    const { app, access } = await appLogging(1);
    await app.inject('/ok?code=secret123');
    await app.inject('/ok');
    expect(access()).toEqual([
      expect.objectContaining({ level: 30, msg: 'request completed', method: 'GET', url: '/ok?code=[redacted]', status: 200, reqId: expect.any(String) }),
      expect.objectContaining({ level: 30, msg: 'request completed', url: '/ok', status: 200 }),
    ]);
  });

  it('leaves ordinary requests (and 503s during an outage) out when sampling is off, but always logs failed and slow ones', async () => {
    const { app, access } = await appLogging(0);
    for (let i = 0; i < 20; i++) await app.inject('/ok');
    await app.inject('/slow');
    await app.inject('/boom');
    await app.inject('/unavailable');
    expect(access().map((l) => [l.level, l.msg, l.url, l.status])).toEqual([
      [40, 'slow request', '/slow', 200],
      [40, 'request failed', '/boom', 500],
    ]);
    expect(access()[0]!.ms).toBeGreaterThanOrEqual(50);
  });

  it('writes at most the sampled lines a second it is allowed, but every failed and slow one', async () => {
    const { app, access } = await appLogging(1, 3);
    for (let i = 0; i < 50; i++) await app.inject('/ok');
    await app.inject('/boom');
    await app.inject('/slow');
    const sampled = access().filter((l) => l.msg === 'request completed');
    // Three a second: the requests may straddle a second or two, never fifty.
    expect(sampled.length).toBeGreaterThanOrEqual(3);
    expect(sampled.length).toBeLessThanOrEqual(9);
    expect(
      access()
        .filter((l) => l.msg !== 'request completed')
        .map((l) => l.msg),
    ).toEqual(['request failed', 'slow request']);
    // The next second's lines are written again.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await app.inject('/ok?again');
    expect(access().at(-1)).toEqual(expect.objectContaining({ msg: 'request completed', url: '/ok?again' }));
  });

  it('samples about the share it is given', async () => {
    const { app, access } = await appLogging(0.5);
    for (let i = 0; i < 400; i++) await app.inject('/ok');
    expect(access().length).toBeGreaterThan(140);
    expect(access().length).toBeLessThan(260);
  });
});
