/**
 * Attacks on a JSON route's body as a whole: malformed JSON, wrong content types, prototype
 * pollution keys, invalid UTF-8 bytes, deep nesting, bodies over the size limit, and the valid
 * body sent as a form (the API also parses application/x-www-form-urlencoded).
 */
import type { BodyAttack } from './fuzz-request.js';
import { formBody, percentEncode } from './percent-encoding.js';

export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The JSON text of `fields` with raw bytes in place of its first string (or in an extra field). */
function withRawBytes(fields: Record<string, unknown>, raw: Buffer): Buffer {
  const marker = '\uE000marker\uE000';
  const object = { ...fields };
  const key = Object.keys(object).find((k) => typeof object[k] === 'string') ?? 'x';
  object[key] = marker;
  const [before, after] = JSON.stringify(object).split(marker) as [string, string];
  return Buffer.concat([Buffer.from(before), raw, Buffer.from(after)]);
}

/** A body's fields: the body itself when it is an object, else none. */
function fieldsOf(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A form body of a JSON object's fields: scalars as text, arrays as repeated fields, objects as JSON. */
function asForm(fields: Record<string, unknown>): string {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      pairs.push([key, percentEncode(typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item))]);
    }
  }
  return formBody(pairs);
}

/** With one more key inserted first, written by hand: `__proto__` would vanish from an object literal. */
function withLeadingKey(fields: Record<string, unknown>, keyAndValue: string): string {
  const text = JSON.stringify(fields);
  return text === '{}' ? `{${keyAndValue}}` : `{${keyAndValue},${text.slice(1)}`;
}

export function jsonBodyAttacks(baseline: unknown): BodyAttack[] {
  const valid = JSON.stringify(baseline);
  const fields = fieldsOf(baseline);
  const first = Object.keys(fields)[0];
  const attacks: BodyAttack[] = [
    { name: 'malformed JSON (unterminated)', tier: 1, contentType: JSON_TYPE, body: '{"a":' },
    { name: 'malformed JSON (single quotes)', tier: 2, contentType: JSON_TYPE, body: "{'a':1}" },
    { name: 'malformed JSON (trailing comma)', tier: 2, contentType: JSON_TYPE, body: valid.replace(/}$/, ',}') },
    { name: 'empty body typed JSON', tier: 1, contentType: JSON_TYPE, body: '' },
    { name: 'JSON null', tier: 1, contentType: JSON_TYPE, body: 'null' },
    { name: 'JSON array', tier: 2, contentType: JSON_TYPE, body: '[]' },
    { name: 'JSON string', tier: 2, contentType: JSON_TYPE, body: '"text"' },
    { name: 'JSON number', tier: 2, contentType: JSON_TYPE, body: '1' },
    { name: 'raw NUL byte in a JSON string', tier: 1, contentType: JSON_TYPE, body: withRawBytes(fields, Buffer.from([0])) },
    {
      name: 'invalid UTF-8 bytes in a JSON string',
      tier: 1,
      contentType: JSON_TYPE,
      body: withRawBytes(fields, Buffer.from([0xc0, 0xaf, 0xff, 0xed, 0xa0, 0x80])),
    },
    { name: 'byte order mark', tier: 2, contentType: JSON_TYPE, body: `\uFEFF${valid}` },
    { name: '__proto__ key', tier: 1, contentType: JSON_TYPE, body: withLeadingKey(fields, '"__proto__":{"polluted":true}') },
    { name: 'constructor.prototype key', tier: 2, contentType: JSON_TYPE, body: withLeadingKey(fields, '"constructor":{"prototype":{"polluted":true}}') },
    { name: 'deep nesting (50,000 arrays)', tier: 2, contentType: JSON_TYPE, body: `${'['.repeat(50_000)}${']'.repeat(50_000)}` },
    { name: 'huge JSON (2 MB)', tier: 2, contentType: JSON_TYPE, body: JSON.stringify({ ...fields, padding: 'a'.repeat(2_000_000) }) },
    { name: 'large JSON (900 kB extra field)', tier: 2, contentType: JSON_TYPE, body: JSON.stringify({ ...fields, padding: 'a'.repeat(900_000) }) },
    { name: 'JSON sent as text/plain', tier: 1, contentType: 'text/plain', body: valid },
    { name: 'JSON sent as a form', tier: 1, contentType: FORM_TYPE, body: valid },
    { name: 'JSON without a content type', tier: 2, contentType: null, body: valid },
    { name: 'JSON sent as XML', tier: 2, contentType: 'application/xml', body: valid },
    { name: 'JSON with charset utf-16', tier: 2, contentType: 'application/json; charset=utf-16', body: valid },
    { name: 'JSON sent as multipart without boundary', tier: 2, contentType: 'multipart/form-data', body: valid },
    { name: 'valid body as a form', tier: 1, contentType: FORM_TYPE, body: asForm(fields) },
    {
      name: 'form with __proto__ keys',
      tier: 2,
      contentType: FORM_TYPE,
      body: `${asForm(fields)}&__proto__%5Bpolluted%5D=1&constructor%5Bprototype%5D%5Bpolluted%5D=1&__proto__=x`,
    },
    { name: 'form sent as JSON', tier: 2, contentType: JSON_TYPE, body: asForm(fields) },
  ];
  if (first) {
    attacks.push({ name: `duplicate key ${first}`, tier: 2, contentType: JSON_TYPE, body: valid.replace(/}$/, `,${JSON.stringify(first)}:true}`) });
  }
  return attacks;
}

/** Hostile text in one field of the valid body sent as a form (raw percent-escapes included). */
export function formWith(baseline: unknown, field: string, encodedValue: string): string {
  const rest = asForm(Object.fromEntries(Object.entries(fieldsOf(baseline)).filter(([key]) => key !== field)));
  return `${rest}${rest ? '&' : ''}${percentEncode(field)}=${encodedValue}`;
}
