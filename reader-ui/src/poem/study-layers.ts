import type { Layer, Line } from './api';
import type { StudyLayerChoice } from './reading';

/** A "Works on …" option: a commentary layer, or one of the per-sentence fields. */
export interface StudyLayer extends StudyLayerChoice {
  /** Who wrote it (layers only). */
  readonly author?: string;
}

const LAYER_PREFIX = 'layer:';

/**
 * The dropdown's options: the commentary layers (data), then Reason, IPA, Scansion, Hyphenation,
 * Pronouns, Counts and Memorise.
 */
export function studyLayers(layers: readonly Layer[]): StudyLayer[] {
  return [
    ...layers.map((layer) => ({ key: `${LAYER_PREFIX}${layer.key}`, label: layer.label, author: layer.author })),
    { key: 'reason', label: 'Reason' },
    { key: 'ipa', label: 'IPA' },
    { key: 'scansion', label: 'Scansion' },
    { key: 'hyphenation', label: 'Hyphenation' },
    { key: 'pronouns', label: 'Pronouns' },
    { key: 'counts', label: 'Counts' },
    { key: 'memorise', label: 'Memorise' },
  ];
}

/**
 * The Memorise option: each word keeps its first letter and the rest of its letters
 * become underscores; spaces and punctuation stay ("O Lamp of Evening," → "O L___ o_ E______,").
 * Each part of a hyphenated word is a word here.
 */
export function memoriseLine(text: string): string {
  // each part of a hyphenated word keeps its own first letter ("sun-lit" → "s__-l__")
  return text.replace(/[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu, (word) => {
    const [first = '', ...rest] = Array.from(word);
    return first + rest.map((ch) => (/[\p{L}\p{M}\p{N}]/u.test(ch) ? '_' : ch)).join('');
  });
}

/** The options kept per verse line (imported or computed), shown line by line like the verse. */
const LINE_FIELDS = {
  ipa: 'ipa_first',
  scansion: 'lineScantion',
  hyphenation: 'Hyphenated',
  pronouns: 'pronouns',
} as const satisfies Record<string, keyof NonNullable<Line['sources']>>;

type LineFieldKey = keyof typeof LINE_FIELDS;

export function isLineField(key: string): key is LineFieldKey {
  return Object.hasOwn(LINE_FIELDS, key);
}

/** Whether a per-line option's text was imported or computed (null when unknown). */
export function studyLayerSource(line: Line, key: string): 'imported' | 'computed' | null {
  return isLineField(key) ? (line.sources?.[LINE_FIELDS[key]] ?? null) : null;
}

/** What an option shows under a sentence, or null when the sentence has none. */
export function studyLayerText(line: Line, key: string): string | null {
  let text: string | null | undefined;
  if (key.startsWith(LAYER_PREFIX)) text = line.commentary?.[key.slice(LAYER_PREFIX.length)];
  else if (key === 'reason') text = line.Reason;
  else if (isLineField(key)) text = line[LINE_FIELDS[key]];
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}
