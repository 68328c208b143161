import fastJson from 'fast-json-stringify';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountAnswer, isoMoment } from '@epos/schemas';
import { registerErrorHandler } from './error-handler.js';
import { fieldsBeyondSchema, ResponseContractError, responseSerializerCompiler, serializationSchema } from './response-serializer.js';

const user = z.object({ id: z.string() });
const apps: FastifyInstance[] = [];

/** An app with one route, GET /user, answering `answer` under the `user` schema. */
async function appAnswering(answer: unknown, strict: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  app.setSerializerCompiler(responseSerializerCompiler(strict));
  registerErrorHandler(app);
  app.get('/user', { schema: { response: { 200: user } } }, async () => answer);
  await app.ready();
  return app;
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('response serializer', () => {
  it('fails an answer with a field its schema lacks (strict), and leaves the field out in production', async () => {
    const leaky = { id: 'x', passwordHash: 'secret' };
    const strict = await (await appAnswering(leaky, true)).inject({ method: 'GET', url: '/user' });
    expect(strict.statusCode).toBe(500);
    expect(strict.body).not.toContain('secret');

    const production = await (await appAnswering(leaky, false)).inject({ method: 'GET', url: '/user' });
    expect(production.statusCode).toBe(200);
    expect(production.body).toBe('{"id":"x"}');
  });

  it('fails an answer with a field of the wrong type (strict)', async () => {
    const response = await (await appAnswering({ id: 42 }, true)).inject({ method: 'GET', url: '/user' });
    expect(response.statusCode).toBe(500);
  });

  it('says which route answered outside its contract, and how', () => {
    const serialize = responseSerializerCompiler(true)({ schema: accountAnswer, method: 'POST', url: '/login', httpStatus: '200' });
    expect(serialize({ type: 1, message: 'Welcome' })).toBe('{"type":1,"message":"Welcome"}');
    expect(() => serialize({ type: 0, error: 'No', userId: 'u1' })).toThrow(new ResponseContractError('POST', '/login', 'fields not in the schema: userId'));
    expect(() => serialize({ type: 0 })).toThrow(/POST \/login answered outside its response schema: .*error/s);
  });
});

describe('fieldsBeyondSchema', () => {
  const schema = z.object({ id: z.string(), at: isoMoment, nested: z.object({ a: z.number() }), list: z.array(z.object({ k: z.number() })) });
  const paths = (sent: Record<string, unknown>) => fieldsBeyondSchema(sent, schema.parse(sent));
  const valid = { id: 'x', at: new Date(0), nested: { a: 1 }, list: [{ k: 1 }, { k: 2 }] };

  it('names each field the parse dropped, by its path', () => {
    expect(paths({ ...valid, secret: 's', nested: { a: 1, b: 2 }, list: [{ k: 1 }, { k: 2, x: 3 }] })).toEqual(['nested.b', 'list[1].x', 'secret']);
  });

  it('finds none in an answer within its schema, counting undefined fields as absent and dates as values', () => {
    expect(paths(valid)).toEqual([]);
    expect(paths({ ...valid, gone: undefined })).toEqual([]);
  });
});

describe('serializationSchema', () => {
  it('writes a union member without a field beyond its schema, rather than failing every branch', () => {
    const stringify = fastJson(serializationSchema(accountAnswer));
    expect(stringify({ type: 0, error: 'No', passwordHash: 'secret' })).toBe('{"type":0,"error":"No"}');
    expect(stringify({ type: 1, passwordHash: 'secret' })).toBe('{"type":1}');
  });

  it('writes dates as ISO strings', () => {
    const stringify = fastJson(serializationSchema(z.object({ at: isoMoment, maybe: isoMoment.nullable() })));
    expect(stringify({ at: new Date(0), maybe: null })).toBe('{"at":"1970-01-01T00:00:00.000Z","maybe":null}');
  });

  it('writes "X or null" as a type list, not a union fast-json-stringify would validate branch by branch', () => {
    const schema = z.object({ n: z.number().int().nullable(), at: isoMoment.nullable(), name: z.string().nullable().describe('kept') });
    const json = serializationSchema(schema) as { properties: Record<string, { type?: unknown; anyOf?: unknown; format?: string; description?: string }> };
    expect(json.properties.n).toMatchObject({ type: ['integer', 'null'] });
    expect(json.properties.at).toMatchObject({ type: ['string', 'null'], format: 'date-time' });
    expect(json.properties.name).toMatchObject({ type: ['string', 'null'], description: 'kept' });
    expect(Object.values(json.properties).some((p) => 'anyOf' in p)).toBe(false);
    const stringify = fastJson(serializationSchema(schema));
    expect(stringify({ n: 3, at: new Date(0), name: null })).toBe('{"n":3,"at":"1970-01-01T00:00:00.000Z","name":null}');
    expect(stringify({ n: null, at: null, name: 'x' })).toBe('{"n":null,"at":null,"name":"x"}');
  });
});
