import { createHash } from 'node:crypto';
import randexpModule from 'randexp';
import { sealedContents } from '@epos/schemas';
import { z } from 'zod';

// randexp's CommonJS module is the class itself; its typings describe it as a `default` export.
const RandExp = randexpModule as unknown as typeof randexpModule.default;

/**
 * The most demanding values a zod schema admits, for tests that must hold whatever a decider can
 * accept. Values are built from the schema's JSON Schema (zod's own `toJSONSchema`), so a new field
 * or a changed bound is covered without touching this file.
 *
 * - `largest`: every string at its maximum length in mixed scripts with spaces, every list at its
 *   maximum count, every optional field present, numbers at their maximum;
 * - `dense`: the same sizes with no spaces (one word as long as the field) in a three-byte script,
 *   for limits counted in bytes or per word;
 * - `smallest`: required fields only, nulls where admitted, minimum lengths, counts and numbers.
 */
export type Extremity = 'largest' | 'dense' | 'smallest';
export const extremities: readonly Extremity[] = ['largest', 'dense', 'smallest'];

export interface ExtremeOptions {
  extremity: Extremity;
  /**
   * Picks value `variant % n` of each enumeration and branch `variant % n` of each union, so that
   * `variantsOf(schema)` values hold every one (see there). Ids differ between variants.
   */
  variant: number;
  /** Makes the ids of one world of values: the same name and world give the same id. */
  world: string;
  /** Seals personal data as the API does (a sealed field's value is made from the schema it holds); without it, such fields hold text that unseals to nothing. */
  seal?: (value: unknown) => string;
  /** Collects every id made, so a test can give each a key to seal with. */
  ids?: Set<string>;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  maxProperties?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  /** Set on a sealed field: what it holds (see toJson). */
  'x-sealed'?: JsonSchema;
}

/**
 * Pieces of text that have broken software before: combining marks, conjuncts with a virama and
 * a zero-width joiner, scripts of three and four UTF-8 bytes, emoji sequences, right-to-left
 * letters, control characters other than NUL, markup, SQL and LIKE metacharacters, sentence
 * references to numbers no sentence has.
 */
const AWKWARD_WORDS = [
  'Midway',
  'e\u0301\u0302\u0323',
  'क्\u200Dष',
  'धर्मक्षेत्रे',
  '॥१-१-१॥',
  'ଓଡ଼ିଆ',
  '举头望明月。',
  '👨\u200D👩\u200D👧',
  '🇮🇳',
  '𝔄𝔅𝔆',
  'مرحبا',
  'שָׁלוֹם',
  'a\u0001\u001f\u007f\u0080\u009fb',
  'tab\there',
  'line\nbreak',
  '<script>alert(1)</script>',
  '"\'\\%_&amp;',
  '||1||',
  '||99999999999||',
  '[x](javascript:alert(1))',
  'Ǆǅǆ',
  'ﬃ',
];
const DENSE_SEED = 'क्षत्रियधर्मक्षेत्रेकुरुक्षेत्रे';

/** A value of `schema` at the given extremity; throws when the schema admits no such value. */
export function extremeValue(schema: z.ZodType, options: ExtremeOptions): unknown {
  return valueOf(toJson(schema), '', options);
}

/** The schema as JSON Schema, each sealed field carrying the JSON Schema of what it holds. */
function toJson(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (context) => {
      const holds = sealedContents.get(context.zodSchema as unknown as z.ZodType);
      if (holds) (context.jsonSchema as JsonSchema)['x-sealed'] = toJson(holds);
    },
  }) as JsonSchema;
}

/** Paths of the strings, lists and maps in a schema that have no upper bound. */
export function unboundedPaths(schema: z.ZodType): string[] {
  const json = toJson(schema);
  const found: string[] = [];
  const walk = (s: JsonSchema, path: string) => {
    for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(branch, path);
    const type = typeOf(s);
    if (type === 'string' && !stringIsBounded(s)) found.push(path || '(root)');
    if (type === 'array') {
      if (s.maxItems === undefined && !s.prefixItems) found.push(path || '(root)');
      if (s.items) walk(s.items, `${path}[]`);
    }
    if (type === 'object') {
      for (const [key, property] of Object.entries(s.properties ?? {})) walk(property, path ? `${path}.${key}` : key);
      if (typeof s.additionalProperties === 'object') {
        if (s.maxProperties === undefined && !s.propertyNames?.enum) found.push(`${path}{}`);
        walk(s.additionalProperties, `${path}{}`);
      }
    }
  };
  walk(json, '');
  return found;
}

function stringIsBounded(s: JsonSchema): boolean {
  if (s.maxLength !== undefined || s.enum || s.const !== undefined) return true;
  if (s.format === 'uuid' || s.format === 'date' || s.format === 'date-time') return true;
  return s.pattern !== undefined && !/[+*]|\{\d+,\}/.test(s.pattern.replace(/\\./g, ''));
}

function typeOf(s: JsonSchema): string | undefined {
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type) return type;
  if (s.enum) return typeof s.enum[0];
  if (s.const !== undefined) return typeof s.const;
  if (s.properties || s.additionalProperties) return 'object';
  return undefined;
}

function valueOf(s: JsonSchema, path: string, o: ExtremeOptions): unknown {
  if (s.const !== undefined) return s.const;
  if (s['x-sealed'] && o.seal) return o.seal(valueOf(s['x-sealed'], path, o));
  if (s.enum) return s.enum[o.variant % s.enum.length];
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  if (branches.length > 0) return valueOf(pickBranch(branches, o), path, o);
  if (s.allOf && s.allOf.length > 0) return Object.assign({}, ...s.allOf.map((part) => valueOf(part, path, o)));
  switch (typeOf(s)) {
    case 'null':
      return null;
    case 'boolean':
      return o.extremity !== 'smallest';
    case 'integer':
    case 'number':
      return numberOf(s, o);
    case 'array':
      return arrayOf(s, path, o);
    case 'object':
      return objectOf(s, path, o);
    case 'string':
      return stringOf(s, path, o);
    default:
      return o.extremity === 'smallest' ? null : stringOf({ maxLength: 1000 }, path, o);
  }
}

/** Null where admitted for the smallest values; else the union's branch for this variant. */
function pickBranch(branches: JsonSchema[], o: ExtremeOptions): JsonSchema {
  const nonNull = branches.filter((b) => b.type !== 'null');
  if (o.extremity === 'smallest' && nonNull.length < branches.length) return branches.find((b) => b.type === 'null')!;
  return nonNull[o.variant % nonNull.length]!;
}

/** How many values hold every value of each enumeration and every branch of each union of a schema: the largest of their sizes. */
export function variantsOf(schema: z.ZodType): number {
  let most = 1;
  const walk = (s: JsonSchema) => {
    if (s.enum) most = Math.max(most, s.enum.length);
    const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
    most = Math.max(most, branches.filter((b) => b.type !== 'null').length);
    for (const child of [...branches, ...(s.allOf ?? []), ...Object.values(s.properties ?? {}), ...(s.items ? [s.items] : []), ...(s.prefixItems ?? [])])
      walk(child);
    if (typeof s.additionalProperties === 'object') walk(s.additionalProperties);
  };
  walk(toJson(schema));
  return most;
}

function numberOf(s: JsonSchema, o: ExtremeOptions): number {
  const integer = typeOf(s) === 'integer';
  const step = integer ? 1 : Number.EPSILON;
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + step : integer ? Number.MIN_SAFE_INTEGER : -Number.MAX_VALUE);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - step : integer ? Number.MAX_SAFE_INTEGER : Number.MAX_VALUE);
  return o.extremity === 'smallest' ? min : max;
}

function arrayOf(s: JsonSchema, path: string, o: ExtremeOptions): unknown[] {
  if (s.prefixItems) return s.prefixItems.map((item, i) => valueOf(item, `${path}[${i}]`, o));
  const count = o.extremity === 'smallest' ? (s.minItems ?? 0) : (s.maxItems ?? Math.max(s.minItems ?? 0, 50));
  const item = s.items ?? {};
  // Lists a decider makes hold distinct items (no two ids, numbers or keys alike).
  return Array.from({ length: count }, (_, i) => distinct(valueOf(item, `${path}[${i}]`, o), i, item, o));
}

function distinct(value: unknown, index: number, item: JsonSchema, o: ExtremeOptions): unknown {
  if (typeof value === 'number') {
    const lower = numberOf(item, { ...o, extremity: 'smallest' });
    const upper = numberOf(item, { ...o, extremity: 'largest' });
    const candidate = o.extremity === 'smallest' ? value + index : value - index;
    return Math.min(upper, Math.max(lower, candidate));
  }
  if (item.enum) return item.enum[(item.enum.length - 1 - index + item.enum.length * 1000) % item.enum.length];
  return value;
}

function objectOf(s: JsonSchema, path: string, o: ExtremeOptions): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const required = new Set(s.required ?? []);
  for (const [key, property] of Object.entries(s.properties ?? {})) {
    if (o.extremity === 'smallest' && !required.has(key)) continue;
    result[key] = valueOf(property, path ? `${path}.${key}` : key, o);
  }
  if (typeof s.additionalProperties === 'object' && o.extremity !== 'smallest') {
    const names = s.propertyNames?.enum?.map(String) ?? keysFor(s.propertyNames ?? {}, s.maxProperties ?? 10, path, o);
    for (const name of names) result[name] = valueOf(s.additionalProperties, `${path}{}`, o);
  }
  return result;
}

function keysFor(names: JsonSchema, count: number, path: string, o: ExtremeOptions): string[] {
  return Array.from({ length: count }, (_, i) => stringOf({ ...names, maxLength: Math.min(names.maxLength ?? 64, 64) }, `${path}{${i}}`, o, i));
}

function stringOf(s: JsonSchema, path: string, o: ExtremeOptions, salt = 0): string {
  if (s.format === 'uuid') {
    const id = uuidFor(`${o.world}/${o.variant}/${lastName(path)}/${salt}`);
    o.ids?.add(id);
    return id;
  }
  if (s.format === 'date') return o.extremity === 'smallest' ? '0001-01-01' : '9999-12-31';
  if (s.format === 'date-time') return o.extremity === 'smallest' ? '0001-01-01T00:00:00.000Z' : '9999-12-31T23:59:59.999Z';
  if (s.format === 'email') return emailOf(s, o);
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 100_000;
  if (s.pattern) {
    const pattern = new RegExp(s.pattern);
    return ofWorld(patterned(pattern, o.extremity === 'smallest' ? min : max, o, salt), pattern, `${o.world}/${o.variant}/${path}/${salt}`);
  }
  if (o.extremity === 'smallest') return textOf(Math.max(min, 1), 'largest', salt).slice(0, Math.max(min, 1));
  return textOf(max, o.extremity, salt);
}

/** The name an id is known by: the last property of its path (`postId`, `parentId`…), with its index in a list. */
function lastName(path: string): string {
  return path.split('.').at(-1) ?? path;
}

/** A version-4-shaped uuid made from a name, so that one name gives one id in a world. */
export function uuidFor(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function emailOf(s: JsonSchema, o: ExtremeOptions): string {
  const domain = '@example.com';
  const local = o.extremity === 'smallest' ? 'a' : 'a'.repeat(Math.min(64, (s.maxLength ?? 254) - domain.length));
  return `${local}${domain}`;
}

/**
 * Text of exactly `length` UTF-16 units (as zod counts), never starting or ending with whitespace
 * nor splitting a surrogate pair.
 */
export function textOf(length: number, extremity: Exclude<Extremity, 'smallest'>, salt = 0): string {
  if (length <= 0) return '';
  const words =
    extremity === 'dense' ? [DENSE_SEED] : [...AWKWARD_WORDS.slice(salt % AWKWARD_WORDS.length), ...AWKWARD_WORDS.slice(0, salt % AWKWARD_WORDS.length)];
  const separator = extremity === 'dense' ? '' : ' ';
  let text = '';
  for (let i = 0; text.length < length; i++) text += (i > 0 ? separator : '') + words[i % words.length];
  text = text.slice(0, length);
  if (/[\uD800-\uDBFF]$/.test(text)) text = `${text.slice(0, -1)}x`;
  return text.replace(/^\s/, 'x').replace(/\s$/, 'x');
}

/** A string matching `pattern` as close to `length` as the pattern allows: the longest or the shortest form. */
function patterned(pattern: RegExp, length: number, o: ExtremeOptions, salt: number): string {
  const generator = new RandExp(pattern);
  // Unbounded repetitions nest: a bound near the length would make strings of its square.
  generator.max = Math.max(1, Math.min(length, 40));
  const longest = o.extremity !== 'smallest';
  let seed = salt + 1;
  generator.randInt = (a: number, b: number) => (longest ? b : a);
  const first = generator.gen();
  if (first.length <= length || !longest) return fitted(first, pattern, length) ?? first;
  // Too long: cut it down to a prefix that still matches, else take random forms until one fits.
  const cut = fitted(first, pattern, length);
  if (cut !== null) return cut;
  generator.randInt = (a: number, b: number) => a + ((seed = (seed * 48271) % 2147483647) % (b - a + 1));
  for (let attempt = 0; attempt < 1000; attempt++) {
    const candidate = generator.gen();
    if (candidate.length <= length) return candidate;
  }
  throw new Error(`no value of ${pattern} fits in ${length} characters`);
}

const WORLD_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The same value made particular to a world (slugs, hashes and paths are ids too): its last
 * characters exchanged, where the pattern allows, for ones a hash of the world picks.
 */
function ofWorld(text: string, pattern: RegExp, world: string): string {
  const digest = createHash('sha256').update(world).digest();
  const chars = [...text];
  for (let k = 0; k < Math.min(8, chars.length); k++) {
    const at = chars.length - 1 - k;
    for (let tries = 0; tries < WORLD_ALPHABET.length; tries++) {
      const candidate = WORLD_ALPHABET[(digest[k]! + tries) % WORLD_ALPHABET.length]!;
      const next = [...chars.slice(0, at), candidate, ...chars.slice(at + 1)].join('');
      if (pattern.test(next)) {
        chars[at] = candidate;
        break;
      }
    }
  }
  return chars.join('');
}

function fitted(text: string, pattern: RegExp, length: number): string | null {
  for (let end = Math.min(length, text.length); end > 0; end--) {
    const candidate = text.slice(0, end);
    if (pattern.test(candidate)) return candidate;
  }
  return null;
}
