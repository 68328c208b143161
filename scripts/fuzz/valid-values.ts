/**
 * A valid value for a parameter or field: a real one seen in the API's answers when one fits the
 * schema, else one made up to fit it. Requests start valid and change one thing, so they reach
 * the code behind the validation of everything else.
 */
import { branchesOf, integerRange, itemsOf, objectProperties, schemaType, type JsonSchema } from './json-schema.js';
import { keysFor, type RealRecord, type RealValue, type ValuePool } from './value-pool.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = 24 * 3600_000;
const DATE_NAME = /(_at|At|date)$/i;

export interface ValueContext {
  pool: ValuePool;
  random: () => number;
  /** Values that belong together (one post's id and blog), tried first. */
  record?: RealRecord | null;
}

/** Whether a schema refers to something by id (a uuid, or a list of them). */
export function isReference(schema: JsonSchema): boolean {
  if (schema.format === 'uuid') return true;
  const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
  return [...branchesOf(schema), ...items].some(isReference);
}

/** Whether the record holds a value for a name. */
export function recordHas(name: string, context: ValueContext): boolean {
  return recordValue(name, context) !== undefined;
}

/** The record's value for a name, if it has one. */
function recordValue(name: string, context: ValueContext): RealValue | undefined {
  const key = keysFor(name).find((k) => context.record?.has(k));
  return key === undefined ? undefined : context.record!.get(key);
}

/**
 * Real values for a name that fit: those under its own key when any fit, else under its first
 * synonym with any (none for dates: made up in the future, as scheduling wants).
 */
function poolValues(name: string, context: ValueContext, fits: (value: RealValue) => boolean): RealValue[] {
  if (DATE_NAME.test(name)) return [];
  return (
    context.pool
      .candidateGroups(name)
      .map((group) => group.filter(fits))
      .find((group) => group.length > 0) ?? []
  );
}

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;

export function validValue(name: string, schema: JsonSchema, context: ValueContext): unknown {
  if (schema.const !== undefined) return schema.const;
  const enumValues = (schema.enum ?? []).filter((v) => v !== null);
  if (enumValues.length > 0) return pick(enumValues, context.random);
  const branches = branchesOf(schema).filter((s) => schemaType(s) !== 'null');
  if (!schema.type && branches.length > 0) return validValue(name, branches[0]!, context);
  switch (schemaType(schema)) {
    case 'integer':
    case 'number':
      return validNumber(name, schema, context);
    case 'boolean':
      return true;
    case 'array':
      return [validValue(name, itemsOf(schema), context)];
    case 'object':
      return Object.fromEntries(Object.entries(objectProperties(schema)).map(([key, property]) => [key, validValue(key, property, context)]));
    default:
      return validString(name, schema, context);
  }
}

function validNumber(name: string, schema: JsonSchema, context: ValueContext): number {
  const fits = (value: RealValue | undefined) => value !== undefined && fitsSchema(value, schema);
  const own = recordValue(name, context);
  if (!DATE_NAME.test(name) && fits(own)) return Number(own);
  const real = poolValues(name, context, fits).map(Number);
  if (real.length > 0) return pick(real.slice(0, 10), context.random);
  const { min, max } = integerRange(schema);
  const low = Math.max(min, 1);
  return low <= max ? low : min;
}

function validString(name: string, schema: JsonSchema, context: ValueContext): string {
  if (context.pool.wantsFresh(name)) return madeUpString(name, schema, context.random);
  const fits = (value: RealValue | undefined) => value !== undefined && stringFits(String(value), schema);
  const own = recordValue(name, context);
  if (!DATE_NAME.test(name) && fits(own)) return String(own);
  const real = poolValues(name, context, fits).map(String);
  if (real.length > 0) return pick(real.slice(0, 10), context.random);
  return madeUpString(name, schema, context.random);
}

/** Whether a real value would do for a schema (numbers for numbers, strings of the right form). */
export function fitsSchema(value: RealValue, schema: JsonSchema): boolean {
  const type = schemaType(schema);
  if (type === 'integer' || type === 'number') {
    const { min, max } = integerRange(schema);
    return value !== '' && Number.isSafeInteger(Number(value)) && Number(value) >= min && Number(value) <= max;
  }
  if (type === 'array') return fitsSchema(value, itemsOf(schema));
  const branches = branchesOf(schema);
  if (!schema.type && branches.length > 0) return branches.some((branch) => fitsSchema(value, branch));
  return stringFits(String(value), schema);
}

function stringFits(value: string, schema: JsonSchema): boolean {
  if (schema.format === 'uuid' && !UUID.test(value)) return false;
  if (schema.pattern && !safeTest(schema.pattern, value)) return false;
  return value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
}

function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return true;
  }
}

function madeUpString(name: string, schema: JsonSchema, random: () => number): string {
  // Letters only: some fields take letters and hyphens and nothing else.
  const serial = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');
  if (schema.format === 'uuid') return uuidFrom(random);
  if (schema.format === 'email' || /e-?mail/i.test(name)) return `fuzz${serial}@example.org`;
  if (schema.format === 'date') return new Date(Date.now() + DAY).toISOString().slice(0, 10);
  if (schema.format === 'date-time' || DATE_NAME.test(name)) return new Date(Date.now() + DAY).toISOString();
  if (/zone/i.test(name)) return 'UTC';
  const candidates = [`fuzz-${serial}`, `fuzz${serial}`, 'a', '1', uuidFrom(random)];
  return candidates.find((c) => stringFits(c, schema)) ?? `fuzz-${serial}`;
}

function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
