import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../../scripts/build/precompress.js';
import { registerStaticUi } from './static-ui.js';

describe('the built apps, served precompressed', () => {
  let app: FastifyInstance;
  let dir: string;
  const script = `console.log(${JSON.stringify('a line of the reader app '.repeat(200))});\n`;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-static-'));
    const reader = path.join(dir, 'reader');
    await fs.mkdir(path.join(reader, 'assets'), { recursive: true });
    await fs.writeFile(path.join(reader, 'index.html'), '<!doctype html><title>Epos</title><script src="/assets/app-1a2b.js"></script>');
    await fs.writeFile(path.join(reader, 'assets', 'app-1a2b.js'), script);
    await fs.writeFile(path.join(reader, 'assets', 'tiny-3c4d.js'), 'x();');
    await fs.writeFile(path.join(reader, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await precompressFiles(reader)).map((f) => f.file)).toEqual([path.join('assets', 'app-1a2b.js')]);
    app = Fastify();
    await registerStaticUi(app, { reader, admin: path.join(dir, 'no-admin') });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('sends a hashed asset as brotli or gzip as the client accepts, cached for a year', async () => {
    const br = await app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/app-1a2b.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves the page shell from memory for every app route, revalidated by its ETag', async () => {
    const page = await app.inject({ url: '/books/1/canto/2' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<title>Epos</title>');
    expect(page.headers['cache-control']).toMatch(/max-age=0, must-revalidate/);
    expect((await app.inject({ url: '/', headers: { 'if-none-match': String(page.headers.etag) } })).statusCode).toBe(304);
  });

  it('lets a browser show a file at a fixed name from its copy while it checks for a new one', async () => {
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=0, stale-while-revalidate=86400');
    // The shell names this build's assets: never shown stale, at its own name either.
    expect((await app.inject({ url: '/index.html' })).headers['cache-control']).toBe('no-cache');
  });
});
