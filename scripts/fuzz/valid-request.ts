/**
 * An operation's valid request: real or made-up values for its path and query parameters and its
 * body, chosen together where answers showed values that belong together. Attacks change one
 * part of it (./request-variants.ts).
 */
import { isReference, fitsSchema, recordHas, validValue, type ValueContext } from './valid-values.js';
import { itemsOf, objectProperties, schemaType, type JsonSchema } from './json-schema.js';
import type { Operation, Parameter } from './openapi-operations.js';
import { percentEncode } from './percent-encoding.js';
import type { RealValue } from './value-pool.js';

/** An optional concurrency token (a revision) goes stale as soon as the fuzzer writes: left out. */
const CONCURRENCY_TOKEN = /^(revision|version|etag|expected_?revision)$/i;

/** A body's valid value and how to change one field in it (objects, or arrays of objects). */
interface BodyShape {
  valid: unknown;
  fields: [string, JsonSchema][];
  replace(field: string, value: unknown): unknown;
  remove(field: string): unknown;
}

export interface ValidRequest {
  /** Percent-encoded values of the path parameters. */
  pathValues: ReadonlyMap<string, string>;
  /** Percent-encoded query parameters (optional ones only when a good value is known). */
  query: readonly (readonly [string, string])[];
  /** The path with these path values and this query. */
  url(paths?: ReadonlyMap<string, string>, query?: readonly (readonly [string, string])[]): string;
  body: BodyShape | null;
  /** The context the values came from (with the chosen record): for values made later. */
  context: ValueContext;
}

export function validRequestOf(operation: Operation, given: ValueContext): ValidRequest {
  const schemas = new Map<string, JsonSchema>([
    ...operation.parameters.map((p): [string, JsonSchema] => [p.name, p.schema]),
    ...(operation.body ? bodyFields(operation.body.schema) : []),
  ]);
  const fits = (name: string, value: RealValue) => fitsSchema(value, schemas.get(name) ?? {});
  const context = { ...given, record: given.pool.recordFor([...schemas.keys()], given.random, fits) };
  // Path parameters a GET of this very route answered with go together best (a blog and its series).
  const confirmed = context.pool.pathsOf(operation.route);
  const known = confirmed.length > 0 ? confirmed[Math.floor(context.random() * confirmed.length)]! : {};
  const pathValues = new Map(
    operation.parameters
      .filter((p) => p.in === 'path')
      .map((p) => {
        const value = known[p.name];
        return [p.name, value !== undefined ? percentEncode(value) : (validParameter(p, context) ?? '1')];
      }),
  );
  const query: [string, string][] = [];
  for (const p of operation.parameters.filter((q) => q.in === 'query')) {
    const value = validParameter(p, context);
    if (value !== undefined) query.push([p.name, value]);
  }
  const url = (paths: ReadonlyMap<string, string> = pathValues, pairs: readonly (readonly [string, string])[] = query) => {
    const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => paths.get(name) ?? '');
    return pairs.length > 0 ? `${path}?${pairs.map(([k, v]) => `${percentEncode(k)}=${v}`).join('&')}` : path;
  };
  return { pathValues, query, url, body: operation.body ? bodyShape(operation.body.schema, context) : null, context };
}

/** The valid text of a path or query parameter, or undefined for an optional one best left out. */
function validParameter(parameter: Parameter, context: ValueContext): string | undefined {
  const known = parameter.schema.default !== undefined || (parameter.schema.enum?.length ?? 0) > 0 || context.pool.candidates(parameter.name).length > 0;
  if (!parameter.required && !known) return undefined;
  const value =
    parameter.schema.default !== undefined && !parameter.required ? parameter.schema.default : validValue(parameter.name, parameter.schema, context);
  return percentEncode(String(value));
}

function bodyFields(schema: JsonSchema): [string, JsonSchema][] {
  return Object.entries(objectProperties(schemaType(schema) === 'array' ? itemsOf(schema) : schema));
}

function bodyShape(schema: JsonSchema, context: ValueContext): BodyShape {
  if (schemaType(schema) === 'array') {
    const item = shapeOfObject(itemsOf(schema), context);
    return { valid: [item.valid], fields: item.fields, replace: (f, v) => [item.replace(f, v)], remove: (f) => [item.remove(f)] };
  }
  return shapeOfObject(schema, context);
}

function shapeOfObject(schema: JsonSchema, context: ValueContext): BodyShape {
  const fields = Object.entries(objectProperties(schema));
  const required = new Set(schema.required ?? []);
  // An optional reference to something the record does not name (a comment of another post) would
  // make the valid request fail: it is left out, and only its hostile values are sent.
  const included = fields.filter(([name, field]) => required.has(name) || ((!isReference(field) || recordHas(name, context)) && !CONCURRENCY_TOKEN.test(name)));
  const valid = Object.fromEntries(included.map(([name, field]) => [name, validValue(name, field, context)]));
  return {
    valid,
    fields,
    replace: (field, value) => ({ ...valid, [field]: value }),
    remove: (field) => Object.fromEntries(Object.entries(valid).filter(([name]) => name !== field)),
  };
}
