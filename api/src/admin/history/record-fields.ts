import type { RecordedEvent } from '@epos/platform';
import { streamKind } from '@epos/schemas/events/stream-kind';

/**
 * One field of a record as an event sets it. `path` is its machine name, stable across versions of
 * the answer ("content.title", "first.lines", "alpha book 1 canto 2.text"); `key` its last part and
 * `about` the values that say which of several it is (the edition, the language, the canto).
 */
export interface SetField {
  path: string;
  key: string;
  about: Readonly<Record<string, string | number>>;
  value: unknown;
  /** A fact of the moment (a login, a restore): nothing earlier to compare it with. */
  fact: boolean;
  /** The editor's working copy (an autosave), compared with the copy or, before one, the saved text. */
  draft: boolean;
}

type Data = Record<string, unknown>;

/** Fields that name what an event is about rather than what it changes. */
const ABOUT: readonly string[] = ['edition', 'lang', 'field', 'key', 'layer'];
const ABOUT_OF_TYPE: Readonly<Record<string, readonly string[]>> = {
  // A part of the poem (a canto's note, a book's name), unlike SentencePlaced, which moves a sentence to one.
  PoemBookNamed: [...ABOUT, 'book', 'canto', 'section'],
  PoemCantoNamed: [...ABOUT, 'book', 'canto', 'section'],
  PoemSectionNamed: [...ABOUT, 'book', 'canto', 'section'],
  PoemPartMediaSet: [...ABOUT, 'book', 'canto', 'section'],
  CantoNoteSet: [...ABOUT, 'book', 'canto', 'section'],
  SentenceMediaSet: [...ABOUT, 'kind'],
};

/**
 * What an event says of its record's fields, where its data says it another way: a status each
 * publishing event implies, a move's new path, an archive flag. Internal flags are left out.
 */
const AS_FIELDS: Readonly<Record<string, (data: Data) => Data>> = {
  PostCreated: (d) => ({ ...d, status: 'draft' }),
  PostPublished: ({ postId, publishedAt }) => ({ postId, status: 'published', publishedAt, publishAt: null }),
  PostScheduled: (d) => ({ ...d, status: 'scheduled' }),
  PostUnscheduled: (d) => ({ ...d, status: 'draft', publishAt: null }),
  PostUnpublished: (d) => ({ ...d, status: 'draft' }),
  PostDeleted: (d) => ({ ...d, status: 'deleted' }),
  PostUndeleted: (d) => ({ ...d, status: 'draft' }),
  PageMoved: ({ pageId, to }) => ({ pageId, path: to }),
  BlogArchived: (d) => ({ ...d, archived: true }),
  BlogUnarchived: (d) => ({ ...d, archived: false }),
  AccountLocked: (d) => ({ ...d, locked: true }),
  AccountUnlocked: (d) => ({ ...d, locked: false }),
  EmailConfirmed: (d) => ({ ...d, emailConfirmed: true }),
  SubscriptionsChanged: ({ userId, blogs, subscribed }) => ({ userId, [subscribed === true ? 'subscribedTo' : 'unsubscribedFrom']: blogs }),
};

/** Events recording something that happened rather than a new value of the record. */
const FACT_EVENTS: ReadonlySet<string> = new Set([
  'LoginSucceeded',
  'LoginFailed',
  'SessionsEnded',
  'SubscriptionsChanged',
  'NoteSaved',
  'NoteDeleted',
  'HighlightMade',
  'HighlightChanged',
  'HighlightRemoved',
  'CollectionMade',
  'CollectionRenamed',
  'CollectionRemoved',
  'BookmarkAdded',
  'BookmarkMoved',
  'BookmarkRemoved',
  'HighlightsShared',
  'ReadingRecorded',
  'ReadingGoalSet',
  'PlanStarted',
  'PlanRead',
  'PlanRescheduled',
  'PlanStopped',
  'NotificationRead',
  'NotificationsReadUpTo',
  'SentenceWithdrawn',
  'SentenceSplit',
  'SentencesMerged',
  'JobRetried',
  'SuggestionAccepted',
  'SuggestionDeclined',
]);
const FACT_KEYS: ReadonlySet<string> = new Set(['restoredFrom', 'suggestedBy', 'revision']);
const WORKING_COPY: ReadonlySet<string> = new Set(['PostAutosaved']);
/** Objects whose fields are the record's own (a post's text at one revision), named `content.<field>`. */
const CONTAINERS: ReadonlySet<string> = new Set(['content']);

const isPlainObject = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields an event sets on the record its stream holds (the record's own id is not one of them). */
export function recordFields(event: RecordedEvent): SetField[] {
  const raw: Data = isPlainObject(event.data) ? event.data : {};
  const data = AS_FIELDS[event.type]?.(raw) ?? raw;
  const ownId = event.streamId.slice(streamKind(event.streamId).length + 1);
  const aboutKeys = ABOUT_OF_TYPE[event.type] ?? ABOUT;
  const about: Record<string, string | number> = {};
  for (const key of aboutKeys) {
    const value = data[key];
    if (typeof value === 'string' || typeof value === 'number') about[key] = value;
  }
  const names = Object.entries(about).map(([k, v]) => (typeof v === 'number' ? `${k} ${v}` : v));
  const prefix = names.length > 0 ? `${names.join(' ')}.` : '';
  const fact = FACT_EVENTS.has(event.type);
  const draft = WORKING_COPY.has(event.type);
  const fields: SetField[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (aboutKeys.includes(key) || (ownId !== '' && (typeof value === 'string' || typeof value === 'number') && String(value) === ownId)) continue;
    if (CONTAINERS.has(key) && isPlainObject(value)) {
      for (const [inner, innerValue] of Object.entries(value))
        fields.push({ path: `${prefix}${key}.${inner}`, key: inner, about, value: innerValue, fact, draft });
    } else fields.push({ path: `${prefix}${key}`, key, about, value, fact: fact || FACT_KEYS.has(key), draft });
  }
  return fields;
}
