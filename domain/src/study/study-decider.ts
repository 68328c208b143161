import { MAX_PLAN_DAYS, MAX_PLANS, QUOTE_CONTEXT_CHARS, type StudyEvent } from '@epos/schemas';
import { DomainError, type Decider } from '../decider.js';
import { daysBetween } from './plan-schedule.js';

type DataOf<Type extends StudyEvent['type']> = Extract<StudyEvent, { type: Type }>['data'];

/** The most highlights one reader keeps: enough for a lifetime of study, bounded so one stream stays quick to read. */
export const MAX_HIGHLIGHTS = 10_000;
/** The most bookmarks and named collections one reader keeps. */
export const MAX_BOOKMARKS = 10_000;
export const MAX_COLLECTIONS = 200;

/** A collection as the read model has it: null when the reader has none by that id (null names the unnamed "Bookmarks", always there). */
type CollectionFact = { name: string } | null;

/**
 * The commands on a reader's study stream, with the facts their rules need from the reader's
 * study as the read model has it (`standing`: how many they have; `exists`: whether the one named
 * is theirs and not removed; `nameTaken`: another collection of theirs has the name; `alreadyIn`:
 * the sentence is bookmarked in that collection): the stream, which grows with every highlight, is
 * never read.
 */
export type StudyCommand =
  | { kind: 'highlight'; highlight: Omit<DataOf<'HighlightMade'>, 'userId'>; standing: number }
  | { kind: 'changeHighlight'; change: Omit<DataOf<'HighlightChanged'>, 'userId'>; exists: boolean }
  | { kind: 'removeHighlight'; highlightId: string; exists: boolean }
  | { kind: 'makeCollection'; collection: Omit<DataOf<'CollectionMade'>, 'userId'>; standing: number; nameTaken: boolean }
  | { kind: 'renameCollection'; collection: Omit<DataOf<'CollectionRenamed'>, 'userId'>; exists: boolean; nameTaken: boolean }
  | { kind: 'removeCollection'; collectionId: string; exists: boolean }
  | { kind: 'bookmark'; bookmark: Omit<DataOf<'BookmarkAdded'>, 'userId'>; standing: number; collection: CollectionFact | 'unnamed'; alreadyIn: boolean }
  | { kind: 'moveBookmark'; move: Omit<DataOf<'BookmarkMoved'>, 'userId'>; exists: boolean; collection: CollectionFact | 'unnamed'; alreadyIn: boolean }
  | { kind: 'removeBookmark'; bookmarkId: string; exists: boolean }
  | { kind: 'shareHighlights'; shared: boolean; current: boolean }
  | { kind: 'recordReading'; reading: Omit<DataOf<'ReadingRecorded'>, 'userId'> }
  | { kind: 'setReadingGoal'; minutesPerDay: number | null; current: number | null }
  | { kind: 'startPlan'; plan: Omit<DataOf<'PlanStarted'>, 'userId'>; standing: number }
  | { kind: 'readPlan'; read: Omit<DataOf<'PlanRead'>, 'userId'>; exists: boolean; current: number | null }
  /** `to`: the schedule the reader's choice makes, null when they are not behind. */
  | { kind: 'reschedulePlan'; planId: string; exists: boolean; to: { fromDay: string; endDay: string } | null }
  | { kind: 'stopPlan'; planId: string; exists: boolean };

/** Nothing is kept from the stream itself (see StudyCommand). */
export type StudyState = Record<string, never>;

function checkQuote(highlight: Omit<DataOf<'HighlightMade'>, 'userId'>): void {
  const { text, quote } = highlight;
  const fits =
    quote.start < quote.end &&
    quote.end <= text.length &&
    text.slice(quote.start, quote.end) === quote.exact &&
    quote.prefix === text.slice(Math.max(0, quote.start - QUOTE_CONTEXT_CHARS), quote.start) &&
    quote.suffix === text.slice(quote.end, quote.end + QUOTE_CONTEXT_CHARS);
  if (!fits) throw new DomainError('invalid', 'The highlighted words are not where the highlight says', 'quote');
  if (quote.exact.trim() === '') throw new DomainError('invalid', 'Select the words to highlight', 'quote');
}

function decide(command: StudyCommand, userId: string): StudyEvent[] {
  switch (command.kind) {
    case 'highlight': {
      const { highlight } = command;
      if (command.standing >= MAX_HIGHLIGHTS)
        throw new DomainError('invalid', `You have ${MAX_HIGHLIGHTS.toLocaleString('en')} highlights: remove some to make more`);
      checkQuote(highlight);
      return [{ type: 'HighlightMade', data: { userId, ...highlight } }];
    }
    case 'changeHighlight': {
      const { change } = command;
      if (!command.exists) throw new DomainError('not_found', 'Not Found');
      if (change.colour === undefined && change.style === undefined && change.note === undefined)
        throw new DomainError('invalid', 'Nothing to change: give a colour, a style or a note');
      return [{ type: 'HighlightChanged', data: { userId, ...change } }];
    }
    case 'removeHighlight':
      if (!command.exists) throw new DomainError('not_found', 'Not Found');
      return [{ type: 'HighlightRemoved', data: { userId, highlightId: command.highlightId } }];
    case 'makeCollection':
      if (command.standing >= MAX_COLLECTIONS) throw new DomainError('invalid', `You have ${MAX_COLLECTIONS} collections: remove one to make another`);
      if (command.nameTaken) throw new DomainError('conflict', 'You have a collection of that name', 'name');
      return [{ type: 'CollectionMade', data: { userId, ...command.collection } }];
    case 'renameCollection':
      if (!command.exists) throw new DomainError('not_found', 'Not Found');
      if (command.nameTaken) throw new DomainError('conflict', 'You have a collection of that name', 'name');
      return [{ type: 'CollectionRenamed', data: { userId, ...command.collection } }];
    case 'removeCollection':
      if (!command.exists) throw new DomainError('not_found', 'Not Found');
      return [{ type: 'CollectionRemoved', data: { userId, collectionId: command.collectionId } }];
    case 'bookmark':
      if (command.standing >= MAX_BOOKMARKS)
        throw new DomainError('invalid', `You have ${MAX_BOOKMARKS.toLocaleString('en')} bookmarks: remove some to add more`);
      checkCollection(command.collection, command.alreadyIn);
      return [{ type: 'BookmarkAdded', data: { userId, ...command.bookmark } }];
    case 'moveBookmark':
      if (!command.exists) throw new DomainError('not_found', 'Not Found');
      checkCollection(command.collection, command.alreadyIn);
      return [{ type: 'BookmarkMoved', data: { userId, ...command.move } }];
    case 'removeBookmark':
      if (!command.exists) throw new DomainError('not_found', 'Not Found');
      return [{ type: 'BookmarkRemoved', data: { userId, bookmarkId: command.bookmarkId } }];
    case 'shareHighlights':
      // The same choice again changes nothing.
      if (command.shared === command.current) return [];
      return [{ type: 'HighlightsShared', data: { userId, shared: command.shared } }];
    case 'recordReading':
      // The route found the sentence in the poem and bounded the seconds: a record is a fact of reading.
      return [{ type: 'ReadingRecorded', data: { userId, ...command.reading } }];
    case 'setReadingGoal':
      // The same goal again changes nothing.
      if (command.minutesPerDay === command.current) return [];
      return [{ type: 'ReadingGoalSet', data: { userId, minutesPerDay: command.minutesPerDay } }];
    case 'startPlan': {
      const { plan } = command;
      if (command.standing >= MAX_PLANS) throw new DomainError('invalid', `You follow ${MAX_PLANS} plans: stop one to start another`);
      const days = daysBetween(plan.startDay, plan.endDay) + 1;
      if (days < 1 || days > MAX_PLAN_DAYS) throw new DomainError('invalid', `days: a plan lasts 1 to ${MAX_PLAN_DAYS.toLocaleString('en')} days`, 'days');
      if (plan.fromBook > plan.toBook || (plan.fromBook === plan.toBook && plan.fromCanto > plan.toCanto))
        throw new DomainError('invalid', 'to: the plan ends before it begins', 'to');
      return [{ type: 'PlanStarted', data: { userId, ...plan } }];
    }
    case 'readPlan':
      if (!command.exists) throw new DomainError('not_found', 'Not Found');
      if (command.read.through === command.current) return [];
      return [{ type: 'PlanRead', data: { userId, ...command.read } }];
    case 'reschedulePlan':
      if (!command.exists) throw new DomainError('not_found', 'Not Found');
      if (command.to === null) throw new DomainError('invalid', 'Nothing to reschedule: you are not behind this plan', 'how');
      if (daysBetween(command.to.fromDay, command.to.endDay) + 1 > MAX_PLAN_DAYS)
        throw new DomainError('invalid', `how: at this pace the plan would last more than ${MAX_PLAN_DAYS.toLocaleString('en')} days`, 'how');
      return [{ type: 'PlanRescheduled', data: { userId, planId: command.planId, ...command.to } }];
    case 'stopPlan':
      if (!command.exists) throw new DomainError('not_found', 'Not Found');
      return [{ type: 'PlanStopped', data: { userId, planId: command.planId } }];
  }
}

/** A bookmark goes into a collection of the reader's, once. */
function checkCollection(collection: CollectionFact | 'unnamed', alreadyIn: boolean): void {
  if (collection === null) throw new DomainError('invalid', 'You have no such collection', 'collectionId');
  if (alreadyIn)
    throw new DomainError('conflict', `This sentence is already in ${collection === 'unnamed' ? 'Bookmarks' : `“${collection.name}”`}`, 'collectionId');
}

/** The rules of one reader's study stream. */
export function studyDecider(userId: string): Decider<StudyCommand, StudyEvent, StudyState> {
  return { initialState: {}, evolve: (state) => state, decide: (command) => decide(command, userId) };
}
