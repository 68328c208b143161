import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, compressedAhead, COMPRESS_ASIDE_FROM_BYTES, COMPRESS_FROM_BYTES, kept, renderJson, sendCacheable } from './http-cache.js';

describe('cached answers, compressed once', () => {
  let app: FastifyInstance;
  const big = kept(renderJson(JSON.stringify({ lines: Array.from({ length: 200 }, (_, i) => `Line ${i} of a long section`) })));
  const small = renderJson('{"ok":true}');
  const huge = kept(renderJson(JSON.stringify({ months: Array.from({ length: 4000 }, (_, i) => `Month ${i} of a long archive, with its posts`) })));
  const ahead = kept(renderJson(JSON.stringify({ sections: Array.from({ length: 4000 }, (_, i) => `Section ${i} of a downloaded canto, kept offline`) })));
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    app = Fastify();
    app.get('/big', async (request, reply) => sendCacheable(request, reply, big));
    app.get('/huge', async (request, reply) => sendCacheable(request, reply, huge));
    app.get('/ahead', async (request, reply) => sendCacheable(request, reply, await compressedAhead(ahead)));
    app.get('/small', async (request, reply) => sendCacheable(request, reply, small));
    app.get('/once', async (request, reply) => sendCacheable(request, reply, renderJson(big.body.toString())));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends brotli or gzip as the client accepts, the same JSON either way, with a tag per encoding', async () => {
    const plain = await get('/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Cookie, Accept-Encoding');
    const br = await get('/big', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gzip = await get('/big', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
  });

  it('compresses a large body off the event loop, sending it as it is until its form is made', async () => {
    expect(huge.body.length).toBeGreaterThanOrEqual(COMPRESS_ASIDE_FROM_BYTES);
    const first = await get('/huge', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.rawPayload.equals(huge.body)).toBe(true);
    await expect.poll(async () => (await get('/huge', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    const br = await get('/huge', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(br.rawPayload).equals(huge.body)).toBe(true);
    expect(br.headers.etag).toBe(`${huge.etag.slice(0, -1)}-br"`);
  });

  it('compresses a large download ahead when asked to, so its first client gets it compressed too', async () => {
    expect(ahead.body.length).toBeGreaterThanOrEqual(COMPRESS_ASIDE_FROM_BYTES);
    const [br, gzip] = await Promise.all([get('/ahead', { 'accept-encoding': 'br' }), get('/ahead', { 'accept-encoding': 'gzip' })]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(ahead.body)).toBe(true);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(ahead.body)).toBe(true);
  });

  it('compresses a body once, however many clients ask', async () => {
    const first = await get('/big', { 'accept-encoding': 'br' });
    const second = await get('/big', { 'accept-encoding': 'br' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers 304 to any encoding’s tag of the same body', async () => {
    const br = await get('/big', { 'accept-encoding': 'br' });
    expect((await get('/big', { 'if-none-match': String(br.headers.etag) })).statusCode).toBe(304);
    expect((await get('/big', { 'accept-encoding': 'gzip', 'if-none-match': `W/${String(br.headers.etag)}` })).statusCode).toBe(304);
  });

  it(`leaves bodies under ${COMPRESS_FROM_BYTES} bytes alone`, async () => {
    const response = await get('/small', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ ok: true });
  });

  it('sends a body built for one request as it is: compressing it would cost every request', async () => {
    const response = await get('/once', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(big.body)).toBe(true);
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
