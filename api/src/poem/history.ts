import type { FastifyRequest } from 'fastify';
import { diffWords } from 'diff';
import type { EventStore, RecordedEvent } from '@epos/platform';
import {
  POEM_STREAM,
  sentenceStream,
  SYSTEM_ACTOR,
  type Edition,
  type HistoryEntryAnswer,
  type LineInfoAnswer,
  type SectionAnswer,
  type WordChangeAnswer,
} from '@epos/schemas';
import { emptySentence, evolveSentence, textIn, type SentenceEvent, type SentenceState } from '@epos/domain/poem/sentence-state';
import { fold } from '@epos/domain/decider';
import { sentenceDecider } from '@epos/domain/poem/sentence-decider';
import { structureDecider } from '@epos/domain/poem/structure-decider';
import type { PoemReader } from './poem-reader.js';
import { lineView } from './views/line.js';
import { sectionView, type SectionRef } from './views/section.js';

export interface Numbering {
  number: number | null;
  position: string;
  at: string;
}

/** A history entry before its actor is named (by the route, from the users read model). */
export type UnnamedEntry = Omit<HistoryEntryAnswer, 'actorName' | 'suggestedByName'>;

/** Events up to a moment: what time travel folds. */
const until = (asOf: Date) => (e: RecordedEvent) => Date.parse(e.metadata.timestamp) <= asOf.getTime();

export function wordDiff(before: string, after: string): WordChangeAnswer[] {
  return diffWords(before, after).map((c) => ({ op: c.added ? 'insert' : c.removed ? 'delete' : 'equal', text: c.value }));
}

/** The part of a sentence an event changes, and that part's value in a state, as text. */
function partOf(event: SentenceEvent): { part: string; value: (s: SentenceState) => string | null; textual: boolean } {
  const lines = (l: string[] | undefined) => (l ? l.join('\n') : null);
  const placement = (s: SentenceState) =>
    s.placement ? `book ${s.placement.book}, canto ${s.placement.canto}, section ${s.placement.section}, stanza ${s.placement.stanza}` : null;
  switch (event.type) {
    case 'SentencePlaced':
    case 'SentenceWithdrawn':
      return { part: 'placement', textual: false, value: placement };
    case 'SentenceSplit':
      return {
        part: 'split',
        textual: false,
        value: () => `part of its text became sentence${event.data.into.length > 1 ? 's' : ''} #${event.data.into.join(', #')}`,
      };
    case 'SentencesMerged':
      return { part: 'merge', textual: false, value: () => `sentence${event.data.from.length > 1 ? 's' : ''} #${event.data.from.join(', #')} joined to it` };
    case 'SentenceTextSet':
      return { part: `text:${event.data.edition}`, textual: true, value: (s) => lines(s.text[event.data.edition]) };
    case 'SentenceFieldSet':
      return { part: `field:${event.data.field}`, textual: true, value: (s) => s.fields[event.data.field] ?? null };
    case 'TranslationSet':
      return { part: `translation:${event.data.lang}`, textual: true, value: (s) => lines(s.translations[event.data.lang]) };
    case 'SentenceMediaSet':
      return { part: `media:${event.data.kind}`, textual: false, value: (s) => (s.media[event.data.kind] ?? []).map((m) => m.url).join('\n') || null };
    case 'WordRelationsSet':
      return { part: 'relations', textual: false, value: (s) => s.relations.map((r) => `${r.Snumber}:${r.SText}:${r.Enumber}`).join(', ') || null };
    case 'CommentarySet':
      return { part: `commentary:${event.data.layer}`, textual: true, value: (s) => s.commentary[event.data.layer] ?? null };
  }
}

/** The reader credited with an edit an editor accepted from their suggestion. */
function suggesterOf(event: SentenceEvent): { suggestedBy?: string } {
  const suggestedBy = 'suggestedBy' in event.data ? event.data.suggestedBy : undefined;
  return suggestedBy === undefined ? {} : { suggestedBy };
}

/** Scholarship from the event log: revision history, time travel and editions compared. */
export class PoemHistory {
  constructor(
    private readonly store: EventStore,
    private readonly reader: PoemReader,
  ) {}

  /**
   * Every change to a sentence (by permanent id), newest first, with its renumberings as
   * `number` entries ("numbered 776 until …"); null when there is no such sentence.
   */
  async sentence(id: number, numberings: readonly Numbering[]): Promise<UnnamedEntry[] | null> {
    const events = await this.store.readStream(sentenceStream(id));
    if (events.length === 0) return null;
    const entries: UnnamedEntry[] = [];
    let state = emptySentence(id);
    for (const recorded of events) {
      const event = recorded as unknown as SentenceEvent & RecordedEvent;
      const { part, value, textual } = partOf(event);
      const before = value(state);
      state = evolveSentence(state, event);
      const after = value(state);
      entries.push({
        position: recorded.position.toString(),
        revision: recorded.revision.toString(),
        at: recorded.metadata.timestamp,
        actor: recorded.metadata.actor,
        type: recorded.type,
        part,
        before,
        after,
        diff: textual ? wordDiff(before ?? '', after ?? '') : null,
        ...suggesterOf(event),
      });
    }
    let previous: number | null = null;
    // A withdrawal shows as its event; the numbers it had before and after are what history adds.
    for (const n of numberings) {
      if (n.number !== null) {
        const before = previous === null ? null : String(previous);
        entries.push({
          position: n.position,
          revision: '',
          at: n.at,
          actor: SYSTEM_ACTOR,
          type: 'SentenceNumbered',
          part: 'number',
          before,
          after: String(n.number),
          diff: null,
        });
      }
      previous = n.number;
    }
    // Newest first; a renumbering follows from the event at its position, so it comes before it.
    const order = (e: UnnamedEntry) => BigInt(e.position) * 2n + (e.type === 'SentenceNumbered' ? 1n : 0n);
    return entries.sort((a, b) => (order(a) < order(b) ? 1 : order(a) > order(b) ? -1 : 0));
  }

  /**
   * The sentence numbered `n` at `asOf` (`/api/lineinfo/{n}?asOf=`): as it is now, with its number
   * now; or, withdrawn since, as it stood then, where it stood then (`withdrawn: true`). Null when no
   * sentence had that number then.
   */
  async lineAsOf(request: FastifyRequest, n: number, edition: Edition, asOf: Date): Promise<LineInfoAnswer | null> {
    const queries = await this.reader.queries(request);
    const id = await queries.idNumberedAt(n, asOf);
    if (id === null) return null;
    const now = (await queries.identity(id))?.sentence ?? null;
    if (now !== null) return this.reader.lineInfo(request, now, edition);
    const index = await queries.lineIndexAsOf(asOf);
    const place = index.bySentence.get(n);
    if (!place) return null;
    const state = fold(sentenceDecider(id), (await this.store.readStream(sentenceStream(id))).filter(until(asOf)));
    const { derive } = await import('@epos/projections/poem/analysis/derive-sentence');
    const then = { ...state, sentence: n };
    return { ...lineView(then, derive(then), edition, place), bookNumber: place.book, cantoNumber: place.canto, sectionNumber: place.section, withdrawn: true };
  }

  /** The section as it stood at `asOf`: the sentences placed in it then, each folded up to then. */
  async sectionAsOf(request: FastifyRequest, ref: SectionRef, edition: Edition, asOf: Date, loggedIn: boolean): Promise<SectionAnswer | null> {
    const queries = await this.reader.queries(request);
    const [index, structureEvents] = await Promise.all([queries.lineIndexAsOf(asOf), this.store.readStream(POEM_STREAM)]);
    const structure = fold(structureDecider, structureEvents.filter(until(asOf)));
    const members = index.places.filter((p) => p.book === ref.book && p.canto === ref.canto && p.section === ref.section);
    if (members.length === 0) return null;
    const states = await Promise.all(
      members.map(async (p) => ({
        ...fold(sentenceDecider(p.id), (await this.store.readStream(sentenceStream(p.id))).filter(until(asOf))),
        sentence: p.sentence,
      })),
    );
    // The pronouncing dictionary is large: loaded only when time travel first needs it.
    const { derive } = await import('@epos/projections/poem/analysis/derive-sentence');
    const sentences = states.map((state) => ({ state, derived: derive(state) }));
    return sectionView({ ref, edition, loggedIn, structure, sentences, index });
  }
}

/** Per-sentence word diffs between two editions of a section (a variorum view). */
export function compareEditions(sentences: readonly SentenceState[], a: Edition, b: Edition) {
  const rows = sentences.map((s) => {
    const left = textIn(s, a).join('\n');
    const right = textIn(s, b).join('\n');
    return { sentence: s.sentence, same: left === right, a: left, b: right, diff: left === right ? null : wordDiff(left, right) };
  });
  return { a, b, changed: rows.filter((r) => !r.same).length, sentences: rows };
}
