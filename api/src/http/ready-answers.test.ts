import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { capturingLogger } from '@epos/platform/testkit/capturing-logger';
import { precompressFiles } from '../../../scripts/build/precompress.js';
import { perMinute } from '../accounts/rate-limits.js';
import { accessLog } from './access-log.js';
import { kept, render, sendCacheable, type CacheableBody } from './http-cache.js';
import { MemoryBudget, MIB } from './memory-budget.js';
import { ReadyAnswers } from './ready-answers.js';
import { registerSecurityHeaders, securityHeaders } from './security-headers.js';
import { registerStaticUi } from './static-ui.js';

const progress = { switchCount: 0 };
const { logger, lines } = capturingLogger('info');
let sampled = true;
let app: FastifyInstance;
let ready: ReadyAnswers;
let base: string;
let dir: string;
/** The requests each route saw: those the front door answered never reach one. */
const reached: string[] = [];
/** The answer `/api/chapter` keeps, and whether it is still kept (as a ChangeCache entry is). */
let chapter: { body: CacheableBody; current: boolean };
const newChapter = (text: string) => {
  const entry = { current: true, body: render({ text: text.repeat(200) }) };
  kept(entry.body, () => entry.current);
  return entry;
};
/** Answers kept by number, each droppable on its own, as a ChangeCache drops entries. */
const verses = new Map<string, { body: CacheableBody; current: boolean }>();
const script = `console.log(${JSON.stringify('the reader app '.repeat(300))});\n`;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-ready-'));
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Epos</title>');
  await fs.writeFile(path.join(dir, 'assets', 'app-1a2b.js'), script);
  await precompressFiles(dir);
  const headersFor = securityHeaders({ NODE_ENV: 'test' });
  const logAll = accessLog({ ACCESS_LOG_SAMPLE: 1, ACCESS_LOG_SAMPLED_PER_SECOND: 0, SLOW_REQUEST_MS: 1000 });
  const logNone = accessLog({ ACCESS_LOG_SAMPLE: 0, ACCESS_LOG_SAMPLED_PER_SECOND: 0, SLOW_REQUEST_MS: 1000 });
  ready = new ReadyAnswers({
    progress,
    memory: new MemoryBudget(64 * MIB),
    securityHeaders: headersFor,
    // Every answer logged, but where a test samples none (`sampled`).
    accessLog: { due: (status, ms) => (sampled ? logAll : logNone).due(status, ms), write: logAll.write },
    logger,
    trustProxy: false,
    sessionCookie: 'epos_session',
  });
  app = Fastify({ serverFactory: ready.serverFactory() });
  registerSecurityHeaders(app, headersFor);
  app.addHook('onRequest', async (req) => void reached.push(`${req.method} ${req.url}`));
  app.get('/api/chapter', async (req, reply) => sendCacheable(req, reply, chapter.body));
  app.get('/api/mine', async (req, reply) => sendCacheable(req, reply, chapter.body, { private: true }));
  app.get('/api/counted', { config: { readLimit: { what: 'counted reads', windows: [perMinute(100)] } } }, async (req, reply) =>
    sendCacheable(req, reply, chapter.body),
  );
  app.get('/api/verse/:n', async (req, reply) => sendCacheable(req, reply, verses.get((req.params as { n: string }).n)!.body));
  app.get('/api/unknowable', async (req, reply) => sendCacheable(req, reply, kept(render({ at: 'once' }))));
  await registerStaticUi(app, { reader: dir, admin: path.join(dir, 'no-admin') }, ready);
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await fs.rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  sampled = true;
  reached.length = 0;
  if (chapter) chapter.current = false;
  chapter = newChapter('a verse ');
});

async function get(url: string, headers: Record<string, string> = {}) {
  const answer = await request(`${base}${url}`, { headers });
  const body = Buffer.from(await answer.body.arrayBuffer());
  return { status: answer.statusCode, headers: answer.headers, body };
}

const withoutId = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !['x-request-id', 'date'].includes(name)));

describe('the front door (ReadyAnswers)', () => {
  it('answers an anonymous read again from memory, with the bytes and headers its route sent', async () => {
    const first = await get('/api/chapter', { 'accept-encoding': 'br' });
    const second = await get('/api/chapter', { 'accept-encoding': 'br' });
    expect(reached).toEqual(['GET /api/chapter']);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(second.body).toString())).toEqual({ text: 'a verse '.repeat(200) });
    expect(withoutId(second.headers)).toEqual(withoutId(first.headers));
    expect(second.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const plain = await get('/api/chapter');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual({ text: 'a verse '.repeat(200) });
    expect(reached).toEqual(['GET /api/chapter']);
  });

  it('reads the headers it needs whatever their case, and leaves a repeated one to the route', async () => {
    await get('/api/chapter');
    const br = await get('/api/chapter', { 'Accept-Encoding': 'br', 'User-Agent': 'Mozilla/5.0', Accept: 'application/json' });
    expect(br.headers['content-encoding']).toBe('br');
    expect((await get('/api/chapter', { 'X-Consistent-After': '3' })).status).toBe(200);
    expect(reached).toEqual(['GET /api/chapter', 'GET /api/chapter']);
    const answer = await request(`${base}/api/chapter`, { headers: ['if-none-match', String(br.headers.etag), 'If-None-Match', '"other"'] });
    await answer.body.arrayBuffer();
    expect(reached).toHaveLength(3);
  });

  it('gives an answer from memory a request id only when it is logged or the request brought one', async () => {
    await get('/api/chapter');
    sampled = false;
    const before = lines.length;
    const unlogged = await get('/api/chapter');
    expect(unlogged.status).toBe(200);
    expect(unlogged.headers['x-request-id']).toBeUndefined();
    const id = 'b0b1c2d3-e4f5-4a6b-8c7d-8e9fa0b1c2d3';
    const brought = await get('/api/chapter', { 'x-request-id': id });
    expect(brought.headers['x-request-id']).toBe(id);
    const made = await get('/api/chapter', { 'x-request-id': 'not a uuid' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.length).toBe(before);
    sampled = true;
    const logged = await get('/api/chapter');
    expect(logged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.at(-1)).toEqual(expect.objectContaining({ reqId: logged.headers['x-request-id'], msg: 'request completed' }));
    expect(reached).toEqual(['GET /api/chapter']);
  });

  it('answers 304 to a matching If-None-Match, and keeps a uuid request id the client sent', async () => {
    const first = await get('/api/chapter', { 'accept-encoding': 'gzip' });
    const id = 'a0b1c2d3-e4f5-4a6b-8c7d-8e9fa0b1c2d3';
    const again = await get('/api/chapter', { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag), 'x-request-id': id });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['x-request-id']).toBe(id);
    expect(reached).toEqual(['GET /api/chapter']);
    expect(lines.filter((l) => l.reqId === id)).toEqual([
      expect.objectContaining({ msg: 'request completed', status: 304, url: '/api/chapter', remoteAddress: '127.0.0.1' }),
    ]);
  });

  it('asks the route again once its keeper no longer holds the answer', async () => {
    await get('/api/chapter');
    chapter.current = false;
    chapter = newChapter('a new verse ');
    expect(JSON.parse((await get('/api/chapter')).body.toString())).toEqual({ text: 'a new verse '.repeat(200) });
    expect(JSON.parse((await get('/api/chapter')).body.toString())).toEqual({ text: 'a new verse '.repeat(200) });
    expect(reached).toEqual(['GET /api/chapter', 'GET /api/chapter']);
  });

  it('asks the route again once a read model was switched to another version', async () => {
    await get('/api/chapter');
    progress.switchCount++;
    await get('/api/chapter');
    await get('/api/chapter');
    expect(reached).toEqual(['GET /api/chapter', 'GET /api/chapter']);
  });

  it('leaves signed-in readers, reads waiting for a position, HEAD and range requests to the routes', async () => {
    await get('/api/chapter');
    await get('/api/chapter', { cookie: 'epos_csrf=x; epos_session=abc' });
    await get('/api/chapter', { 'x-consistent-after': '12' });
    await request(`${base}/api/chapter`, { method: 'HEAD' });
    await get('/api/chapter', { range: 'bytes=0-10' });
    expect(reached).toEqual(['GET /api/chapter', 'GET /api/chapter', 'GET /api/chapter', 'HEAD /api/chapter', 'GET /api/chapter']);
    // Another cookie is no sign of a session; a session cookie is one however it is spaced.
    await get('/api/chapter', { cookie: 'epos_csrf=x' });
    expect(reached).toHaveLength(5);
    await get('/api/chapter', { cookie: 'epos_csrf=x;  epos_session =abc' });
    expect(reached).toHaveLength(6);
  });

  it('never remembers private answers, reads with their own limit, or bodies whose keeper cannot tell they are current', async () => {
    for (const url of ['/api/mine', '/api/counted', '/api/unknowable']) {
      await get(url);
      await get(url);
    }
    expect(reached).toEqual(['GET /api/mine', 'GET /api/mine', 'GET /api/counted', 'GET /api/counted', 'GET /api/unknowable', 'GET /api/unknowable']);
  });

  it('forgets answers whose keeper dropped them as new ones come, without their URLs being asked again', async () => {
    for (const n of ['1', '2', '3', '4']) verses.set(n, newChapter(`verse ${n} `));
    await get('/api/verse/1');
    await get('/api/verse/2');
    const before = ready.size;
    verses.get('1')!.current = false;
    verses.get('2')!.current = false;
    await get('/api/verse/3');
    await get('/api/verse/4');
    // Two new answers, and two that were dropped forgotten on the way.
    expect(ready.size).toBe(before);
    expect(reached.filter((r) => r.startsWith('GET /api/verse/'))).toHaveLength(4);
  });

  it('does not remember URLs longer than 512 characters (made-up query strings)', async () => {
    const long = `/api/chapter?junk=${'x'.repeat(520)}`;
    await get(long);
    await get(long);
    expect(reached).toHaveLength(2);
  });

  it('answers the page shell from memory for every app route', async () => {
    const first = await get('/books/1');
    const second = await get('/books/1');
    expect(second.body.toString()).toBe('<!doctype html><title>Epos</title>');
    expect(withoutId(second.headers)).toEqual(withoutId(first.headers));
    expect(reached).toEqual(['GET /books/1']);
  });

  it('answers built assets from memory, precompressed, with a strong ETag; a range or a date check goes to the file server', async () => {
    const br = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.equals(await fs.readFile(path.join(dir, 'assets', 'app-1a2b.js.br')))).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect((await get('/assets/app-1a2b.js', { 'if-none-match': String(br.headers.etag) })).status).toBe(304);
    expect((await get('/assets/app-1a2b.js')).body.toString()).toBe(script);
    expect(reached).toEqual([]);
    const part = await get('/assets/app-1a2b.js', { range: 'bytes=0-6' });
    expect([part.status, part.body.toString()]).toEqual([206, 'console']);
    await get('/assets/app-1a2b.js', { 'if-modified-since': new Date().toUTCString() });
    expect(reached).toEqual(['GET /assets/app-1a2b.js', 'GET /assets/app-1a2b.js']);
  });
});
