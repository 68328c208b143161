import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projection } from '@epos/platform';
import { TestClient } from './testkit/client.js';
import { startTestApi, type TestApi } from './testkit/test-api.js';

let api: TestApi;
let client: TestClient;
beforeAll(async () => {
  api = await startTestApi({ env: { CONSISTENCY_TIMEOUT_MS: '1500' } });
  client = new TestClient(api.app);
});
afterAll(async () => api.close());

describe('API skeleton', () => {
  it('answers a command with X-Position, and a query with X-Consistent-After sees the write', async () => {
    const opened = await client.post('/api/testkit/counters/a1', { name: 'Alpha' });
    expect(opened.statusCode).toBe(201);
    const inc = await client.post('/api/testkit/counters/a1/increments', { by: 5 });
    const position = inc.headers['x-position'];
    expect(position).toMatch(/^\d+$/);
    // This file waits 1.5 s for consistency (the 503 below): on a busy machine the answer may be that 503, asked again.
    const read = () => api.app.inject({ method: 'GET', url: '/api/testkit/counters/a1', headers: { 'x-consistent-after': String(position) } });
    await expect.poll(async () => (await read()).statusCode).toBe(200);
    expect((await read()).json()).toEqual({ name: 'Alpha', total: 5 });
  });

  it('answers 503 with a clear message when the read model does not reach the position in time', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/testkit/counters/a1', headers: { 'x-consistent-after': '999999999' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toMatchObject({
      statusCode: 503,
      error: 'not_consistent_yet',
      message: 'The data is still being updated: position 999999999 was not reached within 1500 ms. Please try again shortly.',
    });
  });

  it('rejects a malformed X-Consistent-After, naming the header', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/testkit/counters/a1', headers: { 'x-consistent-after': 'soon' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/X-Consistent-After/);
  });

  it('names the field at fault in validation errors and changes nothing', async () => {
    const head = await api.deps.store.headPosition();
    const response = await client.post('/api/testkit/counters/a1/increments', { by: -2 });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'validation', fields: [{ field: 'by' }] });
    expect(body.message).toContain('by');
    expect(body.requestId).toBe(response.headers['x-request-id']);
    const badParam = await client.post('/api/testkit/counters/NO%20PE', { name: 'x' });
    expect(badParam.json()).toMatchObject({ statusCode: 400, fields: [{ field: 'id', message: 'letters, digits and dashes only' }] });
    const badJson = await client.request({
      method: 'POST',
      url: '/api/testkit/counters/a2',
      headers: { 'content-type': 'application/json', 'x-csrf-token': await client.csrf() },
      payload: '{"name":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it('turns an optimistic-concurrency conflict into 409 with a clear message', async () => {
    const stale = await client.post('/api/testkit/counters/a1/increments', { by: 1, expectedRevision: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'conflict', message: 'Someone else changed this at the same time. Reload it and try again.' });
    const domain = await client.post('/api/testkit/counters/a1', { name: 'again' });
    expect(domain.statusCode).toBe(409);
    expect(domain.json().message).toBe('This counter is already open');
    const missing = await client.post('/api/testkit/counters/zz/increments', { by: 1 });
    expect(missing.statusCode).toBe(404);
  });

  it('hides internal errors behind a uniform 500 without stack or detail', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/testkit/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('.ts');
    expect(response.json()).toMatchObject({ statusCode: 500, error: 'internal' });
  });

  it('keeps a client request id only when it is a uuid', async () => {
    const id = '0b6f8a3e-6a4c-4d3b-9f1e-2c5d7e8f9a0b';
    expect((await api.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } })).headers['x-request-id']).toBe(id);
    const other = await api.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'drop table events' } });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names the site, poem and labels from configuration', async () => {
    const site = (await api.app.inject({ method: 'GET', url: '/api/site' })).json();
    expect(site).toMatchObject({ siteName: 'Epos', poemTitle: 'The Lamp of Evening', labels: { worksOn: 'Works on The Lamp of Evening' } });
  });

  it('answers unknown API paths with the uniform 404', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'not_found', message: 'Not Found' });
  });

  it('reports head and per-projection lag at /api/health', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const health = response.json();
    expect(health).toMatchObject({ status: 'ok', eventStore: 'postgres' });
    expect(health.projections.map((p: { name: string }) => p.name)).toEqual([
      'activity',
      'backlinks',
      'blogs',
      'books',
      'change_log',
      'counters',
      'highlights',
      'library',
      'media',
      'notes',
      'plans',
      'poem',
      'reading',
      'search',
      'stats',
      'storage',
      'suggestions',
      'users',
      'works',
    ]);
    expect(health.projections.find((p: { name: string }) => p.name === 'counters')).toMatchObject({ name: 'counters', version: 1, active: true });
    expect(BigInt(health.head)).toBe(await api.deps.store.headPosition());
    for (const p of health.projections) expect(BigInt(p.lag)).toBe(BigInt(health.head) - BigInt(p.checkpoint));
  });

  it('serves OpenAPI generated from the zod schemas, and security headers', async () => {
    const spec = await api.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/testkit/counters/{id}/increments']));
    const body = doc.paths['/api/testkit/counters/{id}/increments'].post.requestBody.content['application/json'].schema;
    expect(body.properties.by).toMatchObject({ type: 'integer' });
    const ui = await api.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-security-policy']).toContain("default-src 'self'");
    const health = await api.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('the OpenAPI document', () => {
  const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers });

  it('goes out compressed as the client accepts (brotli, else gzip), the same document, with an ETag and 304', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    // A large body is compressed off the event loop once; until then it goes out as it is.
    await expect.poll(async () => (await get('/api/docs/json', { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
    const br = await get('/api/docs/json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    await expect.poll(async () => (await get('/api/docs/json', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    expect(gunzipSync((await get('/api/docs/json', { 'accept-encoding': 'gzip' })).rawPayload).equals(plain.rawPayload)).toBe(true);
    expect((await get('/api/docs/json', { 'if-none-match': String(br.headers.etag) })).statusCode).toBe(304);
    await expect.poll(async () => (await get('/api/docs/yaml', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    expect((await get('/api/docs/yaml')).body).toMatch(/^openapi: 3\./);
  });
});

describe('API over a failed projection', () => {
  it('shows the failure in health as degraded, naming projection, position, stream and type', async () => {
    const { counterProjection } = await import('@epos/platform/testkit/counter-projection');
    const failing = await startTestApi({ projections: [counterProjection(1, { failOn: 7 }) as Projection] });
    const failingClient = new TestClient(failing.app);
    try {
      await failingClient.post('/api/testkit/counters/b', { name: 'B' });
      const bad = await failingClient.post('/api/testkit/counters/b/increments', { by: 7 });
      await expect
        .poll(async () => (await failing.app.inject({ method: 'GET', url: '/api/health' })).json(), { timeout: 60_000 })
        .toMatchObject({
          status: 'degraded',
          projections: [
            {
              status: 'failed',
              error: 'refusing increment by 7',
              failedAt: { position: bad.headers['x-position'], streamId: 'counter-b', eventType: 'CounterIncremented' },
            },
          ],
          message: `Projection counters v1 stopped at position ${bad.headers['x-position']} (stream counter-b, event CounterIncremented): refusing increment by 7`,
        });
    } finally {
      await failing.close();
    }
  });
});

describe('API before a read model exists', () => {
  it('answers 503 not_ready rather than failing', async () => {
    const empty = await startTestApi({ projections: [] });
    try {
      const response = await empty.app.inject({ method: 'GET', url: '/api/testkit/counters/x' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: 'not_ready', message: 'This part of the site is still starting up. Please try again shortly.' });
    } finally {
      await empty.close();
    }
  });
});
