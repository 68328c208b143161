/**
 * Values a validation message names: "lang: expected one of sa, hi, fr" or zod's
 * `expected one of "a"|"b"`, and examples ("expected sentence numbers like 10-20"). Parameters
 * the OpenAPI document types only as strings become valid on the next try.
 */
import type { ValuePool } from './value-pool.js';

interface ApiErrorBody {
  message?: unknown;
  error?: unknown;
  fields?: { field?: unknown; message?: unknown }[];
}

/**
 * Adds what a 400 answer's messages name to the pool, and marks the fields a 409 says are taken
 * as wanting new values; answers how many things it learnt.
 */
export function learnFromAnswer(pool: ValuePool, status: number, body: string): number {
  if (status !== 400 && status !== 409) return 0;
  const parsed = errorBodyOf(body);
  if (!parsed) return 0;
  return status === 409 ? learnTaken(pool, parsed) : learnNamedValues(pool, parsed);
}

function errorBodyOf(body: string): ApiErrorBody | null {
  try {
    const parsed = JSON.parse(body) as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null;
  } catch {
    return null;
  }
}

function learnNamedValues(pool: ValuePool, parsed: ApiErrorBody): number {
  const messages: [string, string][] = [];
  for (const field of parsed.fields ?? [])
    if (typeof field.field === 'string' && typeof field.message === 'string') messages.push([field.field, field.message]);
  for (const text of [parsed.message, parsed.error]) {
    if (typeof text !== 'string') continue;
    for (const part of text.split(';')) {
      const named = /(?:Invalid )?([\w.-]+): (.*)/.exec(part.trim());
      if (named) messages.push([named[1]!, named[2]!]);
    }
  }
  let added = 0;
  for (const [field, message] of messages) {
    const name = field.split('.').at(-1)!;
    for (const value of valuesNamedIn(message)) {
      const before = pool.candidates(name).length;
      pool.add(name, value);
      if (pool.candidates(name).length > before) added++;
    }
  }
  return added;
}

export function valuesNamedIn(message: string): string[] {
  const oneOf = /expected one of (.+)$/i.exec(message);
  if (oneOf) {
    return oneOf[1]!
      .split(/\s*[|,]\s*/)
      .flatMap((piece) => piece.split(/\s+or\s+/))
      .map((v) => v.trim().replace(/^["']+|["'.]+$/g, ''))
      .filter((v) => v.length > 0 && v.length <= 100);
  }
  const example = /\blike ([^\s,;"]+)/i.exec(message);
  return example ? [example[1]!] : [];
}

function learnTaken(pool: ValuePool, parsed: ApiErrorBody): number {
  const names = (parsed.fields ?? []).flatMap((f) => (typeof f.field === 'string' ? [f.field] : []));
  for (const text of [parsed.message, parsed.error]) {
    const taken = typeof text === 'string' ? /(?:^|\b)(?:That |The )?([A-Za-z][\w ]{0,30}?) is (?:already )?taken/.exec(text) : null;
    if (taken) names.push(taken[1]!);
  }
  let learnt = 0;
  for (const name of names) {
    if (pool.wantsFresh(name)) continue;
    pool.wantFresh(name);
    learnt++;
  }
  return learnt;
}
