import type { RecordedEvent } from '@epos/platform';
import type { WordChangeAnswer } from '@epos/schemas';
import { streamKind } from '@epos/schemas/events/stream-kind';
import { wordDiff } from '../../poem/history.js';

/** "SentenceTextSet" → "Sentence text set". */
export function typeInWords(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const RESOURCE_OF_KIND: Readonly<Record<string, string>> = { sentence: 'sentences', post: 'posts', user: 'users', blog: 'blogs', suggestion: 'suggestions', job: 'queues', media: 'media' };

/** The console page of the record a stream holds, if it has one ("post-url-…" claims have none). */
export function recordOf(streamId: string): { resource: string; id: string } | null {
  const kind = streamKind(streamId);
  const resource = RESOURCE_OF_KIND[kind];
  const id = streamId.slice(kind.length + 1);
  if (resource === undefined || id === '' || (kind === 'post' && id.startsWith('url-'))) return null;
  return { resource, id };
}

/** Fields that name what an event is about rather than what it changes. */
const ABOUT: readonly string[] = ['edition', 'lang', 'field', 'key', 'layer'];
/** Events about a part of the poem (a canto's note, a book's name), unlike SentencePlaced, which moves a sentence to one. */
const ABOUT_A_PART: ReadonlySet<string> = new Set(['PoemBookNamed', 'PoemCantoNamed', 'PoemSectionNamed', 'PoemPartMediaSet', 'CantoNoteSet']);
const ABOUT_AND_PART: readonly string[] = [...ABOUT, 'book', 'canto', 'section'];

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  diff: WordChangeAnswer[] | null;
}

/**
 * What each event of one stream changed, oldest first: for every field of its data, the value the
 * same kind of event last gave it and the new one (a word diff for text). A field is qualified by
 * what the event is about ("SentenceTextSet revised.lines", "CantoNoteSet notes book 1 canto 2.text"),
 * so editions, languages and cantos never mix. Events not `shown` answer no changes.
 */
export function fieldChanges(events: readonly RecordedEvent[], shown: (index: number) => boolean = () => true): FieldChange[][] {
  const last = new Map<string, unknown>();
  return events.map((event, index) => {
    const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
    const aboutKeys = ABOUT_A_PART.has(event.type) ? ABOUT_AND_PART : ABOUT;
    const about = aboutKeys.flatMap((k) => (typeof data[k] === 'string' ? [data[k]] : typeof data[k] === 'number' ? [`${k} ${data[k]}`] : []));
    const prefix = about.length > 0 ? `${about.join(' ')}.` : '';
    const changes: FieldChange[] = [];
    for (const [key, after] of Object.entries(data)) {
      if (aboutKeys.includes(key)) continue;
      const field = `${prefix}${key}`;
      const slot = `${event.type}|${field}`;
      const before = last.get(slot);
      last.set(slot, after);
      // Every event's values are followed; only the shown ones are compared (a word diff costs).
      if (!shown(index) || JSON.stringify(before) === JSON.stringify(after)) continue;
      const text = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) && v.every((x) => typeof x === 'string') ? v.join('\n') : null);
      const [b, a] = [text(before ?? ''), text(after)];
      changes.push({ field, before: before ?? null, after, diff: b !== null && a !== null ? wordDiff(b, a) : null });
    }
    return changes;
  });
}
