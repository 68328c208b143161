/**
 * Pure logic of the revision history: what a change's `part` means to a reader,
 * a word diff as renderable segments, and a readable local time. No DOM, no fetching.
 */
import type { HistoryEntryAnswer, SentenceHistoryAnswer, WordChangeAnswer } from '@epos/schemas/poem/responses';
import { editionLabels, isEdition, isLang, langLabels } from '../reading';
import { formatShortDateTime } from '@epos/schemas/dates/formats';

type DiffOp = WordChangeAnswer['op'];
export type DiffPart = WordChangeAnswer;
/** As JSON brings it: the moment is its ISO string. */
export type HistoryEntry = Omit<HistoryEntryAnswer, 'at'> & { readonly at: string };
export type SentenceHistory = Omit<SentenceHistoryAnswer, 'entries'> & { readonly entries: readonly HistoryEntry[] };

/** Sentence fields (the `field:{name}` parts), as a reader calls them. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  motherNote: "The Mother's note",
  aurobindoNote: "The author's note",
  reason: 'Reason',
  scansion: 'Scansion',
  ipa: 'IPA',
  hyphenated: 'Syllables',
  pronouns: 'Pronouns',
  sanskritTransliteration: 'Sanskrit transliteration',
  diagram: 'Sentence diagram',
};

const MEDIA_LABELS: Readonly<Record<string, string>> = {
  audio: 'Audio',
  painting: 'Paintings',
  paintings: 'Paintings',
  sketch: 'Sketches',
  sketches: 'Sketches',
  diagram: 'Sentence diagram',
};

function capitalised(text: string): string {
  return text === '' ? text : text[0]!.toUpperCase() + text.slice(1);
}

/** "camelCase" or "kebab-case" → "Camel case". */
function humanised(name: string): string {
  return capitalised(
    name
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/[-_]+/g, ' ')
      .toLowerCase(),
  );
}

/**
 * What a change touched, for a reader: `text:first` → "First edition text",
 * `translation:fr` → "French translation", `commentary:sage` → "Commentary (sage)",
 * `placement` → "Place in the poem", `number` → "Number" (renumbered). Unknown parts read as themselves, humanised.
 */
export function partLabel(part: string): string {
  const colon = part.indexOf(':');
  const kind = colon < 0 ? part : part.slice(0, colon);
  const detail = colon < 0 ? '' : part.slice(colon + 1);
  switch (kind) {
    case 'text':
      if (isEdition(detail)) return `${editionLabels[detail]} edition text`;
      return detail === '' ? 'Text' : `Text (${detail})`;
    case 'translation':
      if (isLang(detail)) return `${langLabels[detail]} translation`;
      return detail === '' ? 'Translation' : `Translation (${detail})`;
    case 'commentary':
      return detail === '' ? 'Commentary' : `Commentary (${detail})`;
    case 'placement':
      return 'Place in the poem';
    case 'number':
      return 'Number';
    case 'split':
      return 'Split';
    case 'merge':
      return 'Merged';
    case 'relations':
      return 'Word relations';
    case 'field':
      return FIELD_LABELS[detail] ?? humanised(detail || 'field');
    case 'media':
      return MEDIA_LABELS[detail] ?? (detail === '' ? 'Media' : `Media (${detail})`);
    default:
      return humanised(part);
  }
}

export interface Segment {
  readonly kind: DiffOp;
  readonly text: string;
}

/**
 * A word diff as the segments to render: empty parts dropped and neighbours of
 * the same kind merged. Without a server diff, a change from `before` to `after`
 * reads as one deletion and one insertion (either may be absent).
 */
export function diffSegments(diff: readonly DiffPart[] | null, before?: string | null, after?: string | null): Segment[] {
  const parts: readonly DiffPart[] = diff ?? [
    { op: 'delete' as const, text: before ?? '' },
    { op: 'insert' as const, text: after ?? '' },
  ];
  const segments: Segment[] = [];
  for (const part of parts) {
    if (part.text === '') continue;
    const last = segments.at(-1);
    if (last !== undefined && last.kind === part.op) segments[segments.length - 1] = { kind: last.kind, text: last.text + part.text };
    else segments.push({ kind: part.op, text: part.text });
  }
  return segments;
}

/** Whether a diff changes anything (some insertion or deletion). */
export function hasChanges(segments: readonly Segment[]): boolean {
  return segments.some((s) => s.kind !== 'equal');
}

/** A change's time as the app shows times in lists ("21st Nov 26, 17:55"); the raw text if it does not parse. */
export function formatWhen(at: string, locale?: string, timeZone?: string): string {
  return formatShortDateTime(at, { ...(locale ? { locale } : {}), ...(timeZone ? { timeZone } : {}) });
}

/** Tools that change the poem, as a reader calls them. */
const TOOL_LABELS: Readonly<Record<string, string>> = { system: 'System (import)', importer: 'Importer' };

/**
 * Who made a change: the person's name as the server gives it ("deleted user" once erased), or the
 * tool; an edit accepted from a reader's suggestion names both ("Ann (suggested by Ben)").
 */
export function actorLabel(entry: Pick<HistoryEntry, 'actor' | 'actorName' | 'suggestedByName'>): string {
  const actor = TOOL_LABELS[entry.actor] ?? entry.actorName;
  return entry.suggestedByName === undefined ? actor : `${actor} (suggested by ${entry.suggestedByName})`;
}
