import { derivableFields } from '@epos/schemas';
import { scriptLang } from '@epos/schemas/poem/script-lang';
import type { DerivedFields } from '../read-model.js';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import { deriveFields } from './derive.js';

/**
 * Computes the derivable fields the sentence does not carry itself (from its first edition). The
 * rules are English ones (CMU dictionary, TeX patterns): verse in Devanagari, Odia or Chinese gets
 * none rather than a guess.
 */
export function derive(state: SentenceState): DerivedFields {
  const missing = derivableFields.filter((f) => state.fields[f] === undefined);
  if (missing.length === 0 || !state.text.first || scriptLang(state.text.first.join('\n')) !== undefined) return {};
  const all = deriveFields(state.text.first);
  return Object.fromEntries(missing.map((f) => [f, all[f]]));
}
