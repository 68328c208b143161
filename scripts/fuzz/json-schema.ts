/** The part of JSON Schema (as @fastify/swagger and zod emit it) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** The anyOf and oneOf branches of a schema. */
export function branchesOf(schema: JsonSchema): JsonSchema[] {
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
}

/** An array schema's items (the first, when given as a list); `{}` when it says none. */
export function itemsOf(schema: JsonSchema): JsonSchema {
  return (Array.isArray(schema.items) ? schema.items[0] : schema.items) ?? {};
}

/** A schema's own type, looking through anyOf/oneOf (first non-null branch) and allOf. */
export function schemaType(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.enum && schema.enum.length > 0) return typeof schema.enum[0];
  if (schema.const !== undefined) return typeof schema.const;
  const branch = [...branchesOf(schema), ...(schema.allOf ?? [])].find((s) => schemaType(s) !== 'null');
  return branch ? schemaType(branch) : undefined;
}

/** Whether the schema wants a number (where non-canonical numbers are worth noticing). */
export function isNumeric(schema: JsonSchema): boolean {
  const type = schemaType(schema);
  return type === 'integer' || type === 'number';
}

/** An object schema's properties, merging allOf branches (zod intersections) and the first object branch of anyOf. */
export function objectProperties(schema: JsonSchema): Record<string, JsonSchema> {
  const merged: Record<string, JsonSchema> = { ...(schema.properties ?? {}) };
  for (const part of schema.allOf ?? []) Object.assign(merged, objectProperties(part));
  const branch = branchesOf(schema).find((s) => schemaType(s) === 'object');
  if (branch) Object.assign(merged, objectProperties(branch));
  return merged;
}

/** The smallest and largest integers a schema allows (draft-4 boolean and draft-2020 numeric exclusives). */
export function integerRange(schema: JsonSchema): { min: number; max: number } {
  let min = schema.minimum ?? Number.NEGATIVE_INFINITY;
  let max = schema.maximum ?? Number.POSITIVE_INFINITY;
  if (schema.exclusiveMinimum === true) min += 1;
  else if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) max -= 1;
  else if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - 1;
  return { min, max };
}
