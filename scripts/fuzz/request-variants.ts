/**
 * The requests made for one operation: its valid request (./valid-request.ts; `baselineOf`), and
 * the hostile ones (`variantsOf`): one per (parameter or field, hostile value), whole-body
 * attacks, upload attacks, and writes without a valid anti-forgery token. Each changes one thing
 * from the valid request, so the rest still passes validation and the hostile value reaches the
 * code behind it.
 */
import { FORM_TYPE, formWith, JSON_TYPE, jsonBodyAttacks } from './body-attacks.js';
import type { BodyAttack, RequestVariant } from './fuzz-request.js';
import { valuesOfTier, type HostileValue } from './hostile-values.js';
import { isNumeric, type JsonSchema } from './json-schema.js';
import { multipartAttacks, validUpload } from './multipart-attacks.js';
import { isWrite, type Operation } from './openapi-operations.js';
import { validRequestOf, type ValidRequest } from './valid-request.js';
import type { ValueContext } from './valid-values.js';

/** Sent in forms at tier 1 (every URL-able value at tier 2). */
const FORM_QUICK = new Set(['NUL', 'lone high surrogate', 'invalid UTF-8 %C0%AF']);
/** Positions for X-Consistent-After; each GET operation gets one of them. */
const POSITIONS = ['9223372036854775808', '-1', '1e3', ' 1 ', '99999999999999999999', '0x10'];

interface VariantContext extends ValueContext {
  tier: 1 | 2;
  /** The operation's place in the document (spreads the X-Consistent-After values). */
  index: number;
}

const json = (body: unknown) => ({ headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(body) });
const lenient = (value: HostileValue, schema: JsonSchema) => value.nonCanonicalNumber === true && isNumeric(schema);

/** The operation's valid request (a valid upload on upload routes). */
export function baselineOf(operation: Operation, context: ValueContext): RequestVariant {
  const variant = variantMaker(operation, validRequestOf(operation, context));
  return operation.upload ? fromAttack(variant, 'upload', validUpload()) : variant('valid request');
}

/** The operation's hostile requests, each changing one thing from its valid request. */
export function variantsOf(operation: Operation, context: VariantContext): RequestVariant[] {
  const valid = validRequestOf(operation, context);
  const variant = variantMaker(operation, valid);
  const writes = isWrite(operation.method);
  const inTier = (tier: 1 | 2) => tier <= context.tier;

  const variants: RequestVariant[] = [];
  if (operation.upload)
    variants.push(
      ...multipartAttacks()
        .filter((a) => inTier(a.tier))
        .map((a) => fromAttack(variant, 'upload', a)),
    );
  variants.push(...parameterVariants(operation, valid, context, variant));
  if (valid.body) variants.push(...bodyFieldVariants(valid, context, variant));
  if (writes && !operation.upload)
    variants.push(
      ...jsonBodyAttacks(valid.body?.valid ?? {})
        .filter((a) => inTier(a.tier))
        .map((a) => fromAttack(variant, 'body', a)),
    );
  if (writes)
    variants.push(variant('no anti-forgery token', { csrf: 'omit' }), ...(inTier(2) ? [variant('wrong anti-forgery token', { csrf: 'wrong' as const })] : []));
  return variants;
}

type MakeVariant = (attack: string, changes?: Partial<RequestVariant>) => RequestVariant;

/** Makes requests that are the valid request but for what `changes` says. */
function variantMaker(operation: Operation, valid: ValidRequest): MakeVariant {
  const sent = operation.upload || !isWrite(operation.method) ? { headers: {}, body: null } : json(valid.body?.valid ?? {});
  return (attack, changes = {}) => ({
    route: operation.route,
    method: operation.method,
    path: valid.url(),
    headers: sent.headers,
    body: sent.body,
    attack,
    nonCanonicalNumber: false,
    ...changes,
  });
}

function fromAttack(variant: MakeVariant, where: string, attack: BodyAttack): RequestVariant {
  return variant(`${where}: ${attack.name}`, { headers: attack.contentType ? { 'content-type': attack.contentType } : {}, body: attack.body });
}

/** Each path and query parameter with each hostile value; unknown query parameters; X-Consistent-After. */
function parameterVariants(operation: Operation, valid: ValidRequest, context: VariantContext, variant: MakeVariant): RequestVariant[] {
  const variants: RequestVariant[] = [];
  for (const parameter of operation.parameters) {
    for (const value of valuesOfTier(context.tier)) {
      if (value.url === null) continue;
      const attack = `${parameter.in} ${parameter.name} = ${value.name}`;
      const path =
        parameter.in === 'path'
          ? valid.url(new Map([...valid.pathValues, [parameter.name, value.url]]))
          : valid.url(valid.pathValues, [...valid.query.filter(([k]) => k !== parameter.name), [parameter.name, value.url]]);
      variants.push(variant(attack, { path, nonCanonicalNumber: lenient(value, parameter.schema) }));
    }
    if (parameter.in === 'query' && context.tier === 2) {
      const given = valid.query.find(([k]) => k === parameter.name)?.[1] ?? '1';
      variants.push(variant(`query ${parameter.name} repeated`, { path: valid.url(valid.pathValues, [...valid.query, [parameter.name, given]]) }));
      if (parameter.required)
        variants.push(
          variant(`query ${parameter.name} missing`, {
            path: valid.url(
              valid.pathValues,
              valid.query.filter(([k]) => k !== parameter.name),
            ),
          }),
        );
    }
  }
  // Every route, even one without parameters, gets unknown query parameters: pollution keys and hostile text.
  variants.push(
    variant('unknown query parameters', {
      path: valid.url(valid.pathValues, [...valid.query, ['__proto__', 'x'], ['constructor[prototype][polluted]', '1'], ['x', '%00%ED%A0%80%C0%AF']]),
    }),
  );
  if (context.tier === 2 && !isWrite(operation.method)) {
    const position = POSITIONS[context.index % POSITIONS.length]!;
    variants.push(variant(`header X-Consistent-After = ${position}`, { headers: { 'x-consistent-after': position } }));
  }
  return variants;
}

/** Each body field with each hostile value, in JSON and in a form, and left out. */
function bodyFieldVariants(valid: ValidRequest, context: VariantContext, variant: MakeVariant): RequestVariant[] {
  const shape = valid.body!;
  const variants: RequestVariant[] = [];
  for (const [field, schema] of shape.fields) {
    for (const value of valuesOfTier(context.tier)) {
      if (value.json !== undefined)
        variants.push(variant(`body ${field} = ${value.name}`, { ...json(shape.replace(field, value.json)), nonCanonicalNumber: lenient(value, schema) }));
    }
    for (const value of valuesOfTier(context.tier)) {
      if (value.url === null || !(FORM_QUICK.has(value.name) || context.tier === 2)) continue;
      variants.push(
        variant(`form ${field} = ${value.name}`, {
          headers: { 'content-type': FORM_TYPE },
          body: formWith(shape.valid, field, value.url),
          nonCanonicalNumber: lenient(value, schema),
        }),
      );
    }
    if (context.tier === 2) variants.push(variant(`body ${field} missing`, json(shape.remove(field))));
  }
  return variants;
}
