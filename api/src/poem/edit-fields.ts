import { editions, languages, sentenceFields } from '@epos/schemas';
import type { SentenceState } from '@epos/domain/poem/sentence-state';

/** The parts of a sentence an editor can open (`/api/dedit/{line}/{key}`). */
export const EDITABLE_KEYS = [...sentenceFields, ...editions.map((e) => `text-${e}` as const), ...languages.map((l) => `tr-${l}` as const)] as const;
export type EditableKey = (typeof EDITABLE_KEYS)[number];

export function editFieldValue(state: SentenceState, key: EditableKey): string {
  if (key.startsWith('text-')) return (state.text[key.slice(5) as (typeof editions)[number]] ?? []).join('\n');
  if (key.startsWith('tr-')) return (state.translations[key.slice(3) as (typeof languages)[number]] ?? []).join('\n');
  return state.fields[key as (typeof sentenceFields)[number]] ?? '';
}
