import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * schema.org's vocabulary, release 30.0 (github.com/schemaorg/schemaorg, CC BY-SA 3.0): every type
 * with the types it is a subtype of, every property with the types it is for (`domainIncludes`),
 * the types its values may have (`rangeIncludes`) and what supersedes it, read from the release's
 * `data/releases/30.0/schemaorg-current-https-types.csv` and `…-properties.csv`, names without the
 * `https://schema.org/` prefix (other vocabularies' terms left out). A newer release is read the same way.
 */
interface Vocabulary {
  release: string;
  types: Record<string, { subTypeOf: string[] }>;
  properties: Record<string, { domainIncludes: string[]; rangeIncludes: string[]; supersededBy?: string[] }>;
}

const vocabulary = JSON.parse(gunzipSync(fs.readFileSync(path.join(import.meta.dirname, 'schema-org-vocabulary.json.gz'))).toString('utf8')) as Vocabulary;

/** Schema.org's data types a JSON number may stand for. */
const NUMBER_TYPES = new Set(['Number', 'Integer', 'Float']);

/** `type` and every type it is a subtype of. */
function typeAndAncestors(type: string, seen = new Set<string>()): Set<string> {
  if (seen.has(type)) return seen;
  seen.add(type);
  for (const parent of vocabulary.types[type]?.subTypeOf ?? []) typeAndAncestors(parent, seen);
  return seen;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What in a JSON-LD item schema.org's vocabulary does not allow: a type it does not have, a property
 * it does not have, one not for the item's type (nor any type above it), a superseded one, a nested
 * item of a type the property does not take, a number where it takes none. Text is allowed where a
 * thing is expected, as schema.org allows. Empty when the item conforms.
 */
export function schemaOrgProblems(item: unknown, at = '$'): string[] {
  if (Array.isArray(item)) return item.flatMap((element, i) => schemaOrgProblems(element, `${at}[${i}]`));
  if (!isRecord(item)) return [];
  const type = item['@type'];
  if (typeof type !== 'string') return [`${at}: no @type`];
  if (!vocabulary.types[type]) return [`${at}: schema.org has no type ${type}`];
  const types = typeAndAncestors(type);
  const problems: string[] = [];
  for (const [key, value] of Object.entries(item)) {
    if (key.startsWith('@')) continue;
    const property = vocabulary.properties[key];
    if (!property) {
      problems.push(`${at}.${key}: schema.org has no property ${key}`);
      continue;
    }
    if (property.supersededBy) problems.push(`${at}.${key}: superseded by ${property.supersededBy.join(', ')}`);
    if (!property.domainIncludes.some((domain) => types.has(domain))) problems.push(`${at}.${key}: not a property of ${type}`);
    for (const [i, one] of (Array.isArray(value) ? value : [value]).entries()) {
      const where = Array.isArray(value) ? `${at}.${key}[${i}]` : `${at}.${key}`;
      if (typeof one === 'number' && !property.rangeIncludes.some((range) => NUMBER_TYPES.has(range))) problems.push(`${where}: ${key} takes no number`);
      if (isRecord(one) && typeof one['@type'] === 'string') {
        const inner = typeAndAncestors(one['@type']);
        if (!property.rangeIncludes.some((range) => inner.has(range))) problems.push(`${where}: ${key} takes no ${one['@type']}`);
        problems.push(...schemaOrgProblems(one, where));
      }
    }
  }
  return problems;
}
