import { derivableFields } from '@epos/schemas';
import type { DerivedFields } from '../read-model.js';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import { deriveFields } from './derive.js';

/** Computes the derivable fields the sentence does not carry itself (from its first edition). */
export function derive(state: SentenceState): DerivedFields {
  const missing = derivableFields.filter((f) => state.fields[f] === undefined);
  if (missing.length === 0 || !state.text.first) return {};
  const all = deriveFields(state.text.first);
  return Object.fromEntries(missing.map((f) => [f, all[f]]));
}
