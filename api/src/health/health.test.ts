import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '@epos/platform/jobs/index';
import { freePort } from '@epos/platform/testkit/free-port';
import { healthSchema } from '@epos/schemas';
import { startTestApi, type TestApi } from '../testkit/test-api.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { CONSISTENCY_TIMEOUT_MS: '1500' } });
});
afterAll(async () => api?.close());

describe('GET /api/health', () => {
  it('says the database is up', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthSchema.parse(response.json())).toMatchObject({ status: 'ok', dependencies: { database: 'up' } });
  });

  it('answers 503 with Retry-After, naming Redis, when the jobs run on a Redis that does not answer', async () => {
    const jobs = api.deps.jobs;
    const unreachable = createJobQueue({ databaseUrl: api.deps.database.url, redisUrl: `redis://127.0.0.1:${await freePort()}`, prefix: 'health-test' });
    api.deps.jobs = unreachable;
    try {
      const response = await api.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      const health = healthSchema.parse(response.json());
      expect(health).toMatchObject({ status: 'unavailable', dependencies: { database: 'up', redis: 'down' } });
      expect(health.message).toMatch(/Redis/);
    } finally {
      api.deps.jobs = jobs;
      await unreachable.close();
    }
  });

  it('answers an X-Consistent-After it cannot reach with the uniform 503, not a response-schema error', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-consistent-after': '99999' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ statusCode: 503, error: 'not_consistent_yet' });
  });

  it("refuses a position beyond PostgreSQL's bigint at once, as it refuses one that is not a number", async () => {
    for (const position of ['9223372036854775808', '-1', '0x10', 'abc']) {
      const response = await api.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-consistent-after': position } });
      expect(response.statusCode, position).toBe(400);
    }
  });
});
