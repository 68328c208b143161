import { describe, it } from 'vitest';
import { MAX_PLANS } from '@epos/schemas';
import { deciderSpec } from '../testkit/decider-spec.js';
import { quoteOf } from './anchoring.js';
import { MAX_BOOKMARKS, MAX_COLLECTIONS, MAX_HIGHLIGHTS, studyDecider } from './study-decider.js';

const userId = '7d5e1c9a-3b2f-4e8d-9a6c-1f0b2d3e4c5a';
const id = '0b6f5c1e-8f0a-4c61-9a3e-2d7b1c9e4f10';
const other = '5a0e3d2c-1b4f-4a6e-8c9d-7f1e2a3b4c5d';
const spec = deciderSpec(studyDecider(userId));
const text = 'Midway upon the journey of our life\n  I found myself within a forest dark,';
const at = text.indexOf('forest dark');
const highlight = {
  highlightId: id,
  sentence: 1,
  edition: 'first' as const,
  text,
  quote: quoteOf(text, { start: at, end: at + 'forest dark'.length }),
  colour: 'yellow' as const,
  style: 'fill' as const,
};
const made = { type: 'HighlightMade', data: { userId, ...highlight } } as const;

describe("a reader's highlights", () => {
  it('are made once each, on the words their quote names', () => {
    spec.given([]).when({ kind: 'highlight', highlight, standing: 0 }).then([made]);
    spec
      .given([])
      .when({ kind: 'highlight', highlight: { ...highlight, quote: { ...highlight.quote, exact: 'forest deep' } }, standing: 0 })
      .thenRefuses('invalid', 'The highlighted words are not where the highlight says');
    spec
      .given([])
      .when({ kind: 'highlight', highlight: { ...highlight, quote: { ...highlight.quote, prefix: 'a ' } }, standing: 0 })
      .thenRefuses('invalid', 'The highlighted words are not where the highlight says');
    const blank = quoteOf(text, { start: text.indexOf('\n'), end: text.indexOf('I found') });
    spec
      .given([])
      .when({ kind: 'highlight', highlight: { ...highlight, quote: blank }, standing: 0 })
      .thenRefuses('invalid', 'Select the words to highlight');
  });

  it('change colour, style or note, and are removed, while they stand (the read model says)', () => {
    spec
      .given([made])
      .when({ kind: 'changeHighlight', change: { highlightId: id, colour: 'blue', note: null }, exists: true })
      .then([{ type: 'HighlightChanged', data: { userId, highlightId: id, colour: 'blue', note: null } }]);
    spec
      .given([made])
      .when({ kind: 'changeHighlight', change: { highlightId: id }, exists: true })
      .thenRefuses('invalid', 'Nothing to change: give a colour, a style or a note');
    spec
      .given([made])
      .when({ kind: 'changeHighlight', change: { highlightId: other, colour: 'blue' }, exists: false })
      .thenRefuses('not_found');
    spec
      .given([made])
      .when({ kind: 'removeHighlight', highlightId: id, exists: true })
      .then([{ type: 'HighlightRemoved', data: { userId, highlightId: id } }]);
    const removed = { type: 'HighlightRemoved', data: { userId, highlightId: id } } as const;
    spec.given([made, removed]).when({ kind: 'removeHighlight', highlightId: id, exists: false }).thenRefuses('not_found');
    spec
      .given([made, removed])
      .when({ kind: 'changeHighlight', change: { highlightId: id, style: 'wavy' }, exists: false })
      .thenRefuses('not_found');
  });

  it(`are at most ${MAX_HIGHLIGHTS} at a time`, () => {
    spec
      .given([])
      .when({ kind: 'highlight', highlight, standing: MAX_HIGHLIGHTS - 1 })
      .then([made]);
    spec
      .given([])
      .when({ kind: 'highlight', highlight, standing: MAX_HIGHLIGHTS })
      .thenRefuses('invalid', 'You have 10,000 highlights: remove some to make more');
  });
});

describe("a reader's bookmarks and collections", () => {
  const collectionId = '3c9a1f7e-2b4d-4e6f-8a1c-5d7e9f0b2c4a';
  const bookmarkId = '9e2d4b6f-1a3c-4d5e-8f7a-0b1c2d3e4f5a';
  const name = 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA';
  const grief = { name: 'Grief' };

  it('go into the unnamed "Bookmarks" or a collection of theirs, each sentence once a collection', () => {
    spec
      .given([])
      .when({ kind: 'bookmark', bookmark: { bookmarkId, sentence: 12, collectionId: null }, standing: 0, collection: 'unnamed', alreadyIn: false })
      .then([{ type: 'BookmarkAdded', data: { userId, bookmarkId, sentence: 12, collectionId: null } }]);
    spec
      .given([])
      .when({ kind: 'bookmark', bookmark: { bookmarkId, sentence: 12, collectionId }, standing: 0, collection: grief, alreadyIn: false })
      .then([{ type: 'BookmarkAdded', data: { userId, bookmarkId, sentence: 12, collectionId } }]);
    spec
      .given([])
      .when({ kind: 'bookmark', bookmark: { bookmarkId, sentence: 12, collectionId }, standing: 0, collection: null, alreadyIn: false })
      .thenRefuses('invalid', 'You have no such collection');
    spec
      .given([])
      .when({ kind: 'bookmark', bookmark: { bookmarkId, sentence: 12, collectionId }, standing: 0, collection: grief, alreadyIn: true })
      .thenRefuses('conflict', 'This sentence is already in “Grief”');
    spec
      .given([])
      .when({ kind: 'bookmark', bookmark: { bookmarkId, sentence: 12, collectionId: null }, standing: 0, collection: 'unnamed', alreadyIn: true })
      .thenRefuses('conflict', 'This sentence is already in Bookmarks');
    spec
      .given([])
      .when({ kind: 'bookmark', bookmark: { bookmarkId, sentence: 12, collectionId: null }, standing: MAX_BOOKMARKS, collection: 'unnamed', alreadyIn: false })
      .thenRefuses('invalid', 'You have 10,000 bookmarks: remove some to add more');
  });

  it('move between collections and are removed while they stand', () => {
    spec
      .given([])
      .when({ kind: 'moveBookmark', move: { bookmarkId, collectionId }, exists: true, collection: grief, alreadyIn: false })
      .then([{ type: 'BookmarkMoved', data: { userId, bookmarkId, collectionId } }]);
    spec
      .given([])
      .when({ kind: 'moveBookmark', move: { bookmarkId, collectionId: null }, exists: false, collection: 'unnamed', alreadyIn: false })
      .thenRefuses('not_found');
    spec
      .given([])
      .when({ kind: 'moveBookmark', move: { bookmarkId, collectionId }, exists: true, collection: grief, alreadyIn: true })
      .thenRefuses('conflict', 'This sentence is already in “Grief”');
    spec
      .given([])
      .when({ kind: 'removeBookmark', bookmarkId, exists: true })
      .then([{ type: 'BookmarkRemoved', data: { userId, bookmarkId } }]);
    spec.given([]).when({ kind: 'removeBookmark', bookmarkId, exists: false }).thenRefuses('not_found');
  });

  it(`are named apart, at most ${MAX_COLLECTIONS}, renamed and removed while they stand`, () => {
    spec
      .given([])
      .when({ kind: 'makeCollection', collection: { collectionId, name }, standing: 0, nameTaken: false })
      .then([{ type: 'CollectionMade', data: { userId, collectionId, name } }]);
    spec
      .given([])
      .when({ kind: 'makeCollection', collection: { collectionId, name }, standing: 0, nameTaken: true })
      .thenRefuses('conflict', 'You have a collection of that name');
    spec
      .given([])
      .when({ kind: 'makeCollection', collection: { collectionId, name }, standing: MAX_COLLECTIONS, nameTaken: false })
      .thenRefuses('invalid', 'You have 200 collections: remove one to make another');
    spec
      .given([])
      .when({ kind: 'renameCollection', collection: { collectionId, name }, exists: true, nameTaken: false })
      .then([{ type: 'CollectionRenamed', data: { userId, collectionId, name } }]);
    spec
      .given([])
      .when({ kind: 'renameCollection', collection: { collectionId, name }, exists: true, nameTaken: true })
      .thenRefuses('conflict', 'You have a collection of that name');
    spec.given([]).when({ kind: 'renameCollection', collection: { collectionId, name }, exists: false, nameTaken: false }).thenRefuses('not_found');
    spec
      .given([])
      .when({ kind: 'removeCollection', collectionId, exists: true })
      .then([{ type: 'CollectionRemoved', data: { userId, collectionId } }]);
    spec.given([]).when({ kind: 'removeCollection', collectionId, exists: false }).thenRefuses('not_found');
  });
});

describe("a reader's sharing of highlight counts", () => {
  it('is off until chosen, turned on and off; the same choice again changes nothing', () => {
    spec
      .given([])
      .when({ kind: 'shareHighlights', shared: true, current: false })
      .then([{ type: 'HighlightsShared', data: { userId, shared: true } }]);
    spec
      .given([])
      .when({ kind: 'shareHighlights', shared: false, current: true })
      .then([{ type: 'HighlightsShared', data: { userId, shared: false } }]);
    spec.given([]).when({ kind: 'shareHighlights', shared: true, current: true }).then([]);
  });
});

describe("a reader's reading", () => {
  it('is recorded as it was read', () => {
    const reading = { sentence: 12, book: 1, canto: 2, section: 3, edition: 'revised' as const, seconds: 60, day: '2026-11-29' };
    spec
      .given([])
      .when({ kind: 'recordReading', reading })
      .then([{ type: 'ReadingRecorded', data: { userId, ...reading } }]);
  });

  it('has a daily goal set, changed and cleared; the same goal again changes nothing', () => {
    spec
      .given([])
      .when({ kind: 'setReadingGoal', minutesPerDay: 20, current: null })
      .then([{ type: 'ReadingGoalSet', data: { userId, minutesPerDay: 20 } }]);
    spec
      .given([])
      .when({ kind: 'setReadingGoal', minutesPerDay: 30, current: 20 })
      .then([{ type: 'ReadingGoalSet', data: { userId, minutesPerDay: 30 } }]);
    spec
      .given([])
      .when({ kind: 'setReadingGoal', minutesPerDay: null, current: 20 })
      .then([{ type: 'ReadingGoalSet', data: { userId, minutesPerDay: null } }]);
    spec.given([]).when({ kind: 'setReadingGoal', minutesPerDay: 20, current: 20 }).then([]);
  });
});

describe("a reader's plans", () => {
  const planId = '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  const plan = { planId, fromBook: 1, fromCanto: 1, toBook: 2, toCanto: 3, startDay: '2026-12-01', endDay: '2027-11-30' };

  it('are started over cantos in order, for 1 to 3,660 days, up to 20 at once', () => {
    spec
      .given([])
      .when({ kind: 'startPlan', plan, standing: 0 })
      .then([{ type: 'PlanStarted', data: { userId, ...plan } }]);
    spec.given([]).when({ kind: 'startPlan', plan, standing: MAX_PLANS }).thenRefuses('invalid', 'You follow 20 plans: stop one to start another');
    spec
      .given([])
      .when({ kind: 'startPlan', plan: { ...plan, fromBook: 3 }, standing: 0 })
      .thenRefuses('invalid', 'to: the plan ends before it begins');
    spec
      .given([])
      .when({ kind: 'startPlan', plan: { ...plan, endDay: '2026-11-30' }, standing: 0 })
      .thenRefuses('invalid', 'days: a plan lasts 1 to 3,660 days');
    spec
      .given([])
      .when({ kind: 'startPlan', plan: { ...plan, endDay: '2036-12-31' }, standing: 0 })
      .thenRefuses('invalid', 'days: a plan lasts 1 to 3,660 days');
  });

  it('are read through a sentence (the same place again changes nothing), rescheduled only when behind, and stopped', () => {
    const read = { planId, through: 140, linesDone: 420 };
    spec
      .given([])
      .when({ kind: 'readPlan', read, exists: true, current: null })
      .then([{ type: 'PlanRead', data: { userId, ...read } }]);
    spec.given([]).when({ kind: 'readPlan', read, exists: true, current: 140 }).then([]);
    spec.given([]).when({ kind: 'readPlan', read, exists: false, current: null }).thenRefuses('not_found');
    const to = { fromDay: '2026-12-10', endDay: '2027-11-30' };
    spec
      .given([])
      .when({ kind: 'reschedulePlan', planId, exists: true, to })
      .then([{ type: 'PlanRescheduled', data: { userId, planId, ...to } }]);
    spec
      .given([])
      .when({ kind: 'reschedulePlan', planId, exists: true, to: null })
      .thenRefuses('invalid', 'Nothing to reschedule: you are not behind this plan');
    spec
      .given([])
      .when({ kind: 'reschedulePlan', planId, exists: true, to: { fromDay: '2026-12-10', endDay: '2037-01-01' } })
      .thenRefuses('invalid', 'how: at this pace the plan would last more than 3,660 days');
    spec
      .given([])
      .when({ kind: 'stopPlan', planId, exists: true })
      .then([{ type: 'PlanStopped', data: { userId, planId } }]);
    spec.given([]).when({ kind: 'stopPlan', planId, exists: false }).thenRefuses('not_found');
  });
});
