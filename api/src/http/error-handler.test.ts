import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, DomainError, type Database } from '@epos/platform';
import { freePort } from '@epos/platform/testkit/free-port';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { HttpError, registerErrorHandler } from './error-handler.js';

const testDb = useTestDatabase();
let app: FastifyInstance;
let unreachable: Database;

/** Queries that PostgreSQL refuses because of the value a user sent, as a route might run them. */
const refusedInputs: Record<string, { value: string; query: (db: Database['db'], value: string) => Promise<unknown> }> = {
  'a lone surrogate in JSON (22P02)': { value: JSON.stringify({ text: 'a\ud800b' }), query: (db, v) => sql`select ${v}::jsonb`.execute(db) },
  'a NUL character in text (22021)': { value: 'a\u0000b', query: (db, v) => sql`insert into refused (short) values (${v})`.execute(db) },
  'a NUL character in JSON text (22P05)': { value: JSON.stringify({ text: 'a\u0000b' }), query: (db, v) => sql`select (${v}::jsonb)->>'text'`.execute(db) },
  'a number out of range (22003)': { value: '99999999999', query: (db, v) => sql`select ${v}::int`.execute(db) },
  'a text too long for its column (22001)': { value: 'far too long', query: (db, v) => sql`insert into refused (short) values (${v})`.execute(db) },
  'a malformed date (22007)': { value: 'not a date', query: (db, v) => sql`select ${v}::timestamptz`.execute(db) },
  'a date out of range (22008)': { value: '2024-13-45', query: (db, v) => sql`select ${v}::date`.execute(db) },
};

beforeAll(async () => {
  await sql`create table refused (short varchar(3))`.execute(testDb().database.db);
  unreachable = connectDatabase(`postgres://nobody:none@127.0.0.1:${await freePort()}/nothing`, { connectionTimeoutMillis: 1000 });
  app = Fastify();
  registerErrorHandler(app);
  app.post<{ Params: { name: string }; Body: { value: string } }>('/refused/:name', async (request) => {
    const input = refusedInputs[request.params.name]!;
    await input.query(testDb().database.db, request.body.value);
    return { stored: true };
  });
  app.get('/unreachable', async () => sql`select 1`.execute(unreachable.db));
  app.get('/refused-by-decider', async () => {
    throw new DomainError('invalid', 'blog_id: a post stays in its blog', 'blog_id');
  });
  app.get('/refused-by-route', async () => {
    throw new HttpError(400, 'validation', 'publishAt: choose when to publish the post', {}, [{ field: 'publishAt', message: 'required' }]);
  });
  app.get('/aborted', async () => {
    // As a request body cut off by the client arrives: a client status with a network code.
    throw Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await unreachable?.close();
});

describe('the error handler as the last line of defence', () => {
  for (const name of Object.keys(refusedInputs)) {
    it(`answers 400, naming the problem without SQL, to ${name}`, async () => {
      const response = await app.inject({ method: 'POST', url: `/refused/${encodeURIComponent(name)}`, payload: { value: refusedInputs[name]!.value } });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ statusCode: number; error: string; message: string }>();
      expect(body).toMatchObject({ statusCode: 400, error: 'bad_request' });
      expect(body.message).toMatch(/text|number|date|value/);
      expect(body.message).not.toMatch(/select|insert|jsonb|refused|varchar|syntax|encoding|\/|SQL/i);
    });
  }

  it("names a field by its label when a decider's or a route's message names it by its machine name", async () => {
    const decider = (await app.inject({ method: 'GET', url: '/refused-by-decider' })).json<{ message: string; fields: { field: string }[] }>();
    expect(decider).toMatchObject({ message: 'Blog: a post stays in its blog', fields: [{ field: 'blog_id', message: 'Blog: a post stays in its blog' }] });
    expect((await app.inject({ method: 'GET', url: '/refused-by-route' })).json()).toMatchObject({
      message: 'Publish at: choose when to publish the post',
      fields: [{ field: 'publishAt' }],
    });
  });

  it('answers 503 with Retry-After, not 500, when the database cannot be reached', async () => {
    const response = await app.inject({ method: 'GET', url: '/unreachable' });
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({ statusCode: 503, error: 'unavailable', message: expect.stringMatching(/database is unavailable/) });
  });

  it('keeps the client status of an error that carries a network code (an aborted upload), not 503', async () => {
    const response = await app.inject({ method: 'GET', url: '/aborted' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'bad_request' });
  });
});
