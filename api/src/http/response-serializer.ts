import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifySchema, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type ZodSchema = z.ZodType;

/**
 * The JSON Schema fast-json-stringify compiles: zod's output shape, extra fields allowed in (they
 * are not written out), and "X or null" as a type list rather than zod's `anyOf`, which
 * fast-json-stringify could only write after validating each branch (slower than JSON.stringify).
 */
export function serializationSchema(schema: ZodSchema): object {
  return forSerializing(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }));
}

type JsonSchemaNode = Record<string, unknown>;

function forSerializing(node: unknown): never {
  if (Array.isArray(node)) return node.map(forSerializing) as never;
  if (node === null || typeof node !== 'object') return node as never;
  const copy: JsonSchemaNode = {};
  // `additionalProperties: false` would make a union's branch fail on an extra field instead of dropping it.
  for (const [key, value] of Object.entries(node)) if (!(key === 'additionalProperties' && value === false)) copy[key] = forSerializing(value);
  return (nullableAsTypeList(copy) ?? copy) as never;
}

/** `{ anyOf: [{ type: 'string', … }, { type: 'null' }] }` as `{ type: ['string', 'null'], … }`. */
function nullableAsTypeList(node: JsonSchemaNode): JsonSchemaNode | null {
  const branches = node.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return null;
  const nothing = (branches as JsonSchemaNode[]).find((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
  const value = (branches as JsonSchemaNode[]).find((branch) => branch !== nothing);
  if (!nothing || !value || !['string', 'number', 'integer', 'boolean'].includes(value.type as string)) return null;
  const { anyOf: _anyOf, ...rest } = node;
  return { ...rest, ...value, type: [value.type, 'null'] };
}

/** Paths of fields in `sent` that the schema's parse dropped: what a route returned beyond its contract. */
export function fieldsBeyondSchema(sent: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((item, i) => fieldsBeyondSchema(item, parsed[i], `${path}[${i}]`));
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    if (value === undefined) return [];
    const at = path ? `${path}.${key}` : key;
    return key in parsed ? fieldsBeyondSchema(value, parsed[key], at) : [at];
  });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value);

export class ResponseContractError extends Error {
  constructor(method: string, url: string, problem: string) {
    super(`${method} ${url} answered outside its response schema: ${problem}`);
    this.name = 'ResponseContractError';
  }
}

/**
 * Serialises answers with their route's response schema, compiled once per route by
 * fast-json-stringify: only the schema's fields are written, so nothing leaks by accident.
 * `strict` (tests) also checks each answer against the zod schema and fails on
 * a wrong type or a field the schema lacks, so a contract that drifts from its route breaks a test.
 */
export function responseSerializerCompiler(strict: boolean): FastifySerializerCompiler<ZodSchema> {
  return ({ schema, method, url }) => {
    const stringify = fastJson(serializationSchema(schema));
    if (!strict) return (data: unknown) => stringify(data);
    return (data: unknown) => {
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw new ResponseContractError(method, url, z.prettifyError(parsed.error));
      const beyond = fieldsBeyondSchema(data, parsed.data);
      if (beyond.length > 0) throw new ResponseContractError(method, url, `fields not in the schema: ${beyond.join(', ')}`);
      return stringify(data);
    };
  };
}

const responseSchemaOf = (schema: FastifySchema | undefined, status: number): ZodSchema | undefined =>
  (schema?.response as Partial<Record<number, ZodSchema>> | undefined)?.[status];

/**
 * Cached answers leave as rendered bytes, which Fastify sends without its serializer: in tests,
 * this gives every JSON answer sent as bytes the same strict check.
 */
export function checkAnswersSentAsBytes(app: FastifyInstance): void {
  const compile = responseSerializerCompiler(true);
  const checks = new Map<ZodSchema, (answer: unknown) => string>();
  app.addHook('onSend', async (request, reply, payload) => {
    const schema = responseSchemaOf(request.routeOptions.schema, reply.statusCode);
    if (!schema || !Buffer.isBuffer(payload) || !String(reply.getHeader('content-type')).includes('json')) return payload;
    let check = checks.get(schema);
    if (!check)
      checks.set(
        schema,
        (check = compile({ schema, method: request.method, url: request.routeOptions.url ?? request.url, httpStatus: String(reply.statusCode) })),
      );
    const encoding = reply.getHeader('content-encoding');
    const json = encoding === 'br' ? brotliDecompressSync(payload) : encoding === 'gzip' ? gunzipSync(payload) : payload;
    check(JSON.parse(json.toString('utf8')));
    return payload;
  });
}
