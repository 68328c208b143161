import type { Kysely } from 'kysely';
import { defineProjection } from '@epos/platform';
import {
  accountDeleted,
  collectionNameSealedSchema,
  highlightNoteSealedSchema,
  sentencesMerged,
  sentenceSplit,
  sentenceWithdrawn,
  studyEvents,
  type Edition,
  type HighlightColour,
  type HighlightStyle,
} from '@epos/schemas';
import { unsealedFor } from '../accounts/sealing.js';

export const HIGHLIGHTS_PROJECTION = 'highlights';

export interface HighlightsReadModel {
  /** Each reader's highlights as last changed; private to their reader, gone when removed or with the account. */
  highlights: {
    user_id: string;
    highlight_id: string;
    /** The permanent id of the sentence it was made on. */
    sentence_id: number;
    edition: Edition;
    /** The sentence's text in `edition` when it was made: later texts are compared with it to place it. */
    text: string;
    quote_start: number;
    quote_end: number;
    exact: string;
    prefix: string;
    suffix: string;
    colour: HighlightColour;
    style: HighlightStyle;
    note: string | null;
    made_at: string;
    changed_at: string;
  };
  /** Sentences whose words went on in others (split into, merged into): a highlight may now stand on those. */
  successors: { from_id: number; to_id: number };
  /** Each reader's named collections of bookmarks (the unnamed "Bookmarks" is collection_id null in bookmarks). */
  collections: { user_id: string; collection_id: string; name: string; made_at: string };
  /** Each reader's bookmarked sentences (permanent ids, followed through successors), one a collection. */
  bookmarks: { user_id: string; bookmark_id: string; sentence_id: number; collection_id: string | null; added_at: string };
  /** Readers whose highlights count, anonymously, in each canto's most highlighted lines. */
  sharing: { user_id: string };
}

type Db = Kysely<HighlightsReadModel>;

const noteOf = (db: Db, userId: string, sealed: string) => unsealedFor(db, userId, sealed, highlightNoteSealedSchema);
const nameOf = (db: Db, userId: string, sealed: string) => unsealedFor(db, userId, sealed, collectionNameSealedSchema);

async function succeed(db: Db, pairs: { from_id: number; to_id: number }[]): Promise<void> {
  const rows = pairs.filter((p) => p.from_id !== p.to_id);
  if (rows.length > 0)
    await db
      .insertInto('successors')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/**
 * The readers' own study, private to each: highlights, bookmarks in collections, and where the
 * sentences they were made on went. (Named for its first table, highlights.)
 */
export const highlightsProjection = defineProjection({
  name: HIGHLIGHTS_PROJECTION,
  version: 3,
  events: [...studyEvents, accountDeleted, sentenceSplit, sentencesMerged, sentenceWithdrawn],
  async setup(db: Db) {
    await db.schema
      .createTable('highlights')
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('highlight_id', 'uuid', (c) => c.notNull())
      .addColumn('sentence_id', 'integer', (c) => c.notNull())
      .addColumn('edition', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('quote_start', 'integer', (c) => c.notNull())
      .addColumn('quote_end', 'integer', (c) => c.notNull())
      .addColumn('exact', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('suffix', 'text', (c) => c.notNull())
      .addColumn('colour', 'text', (c) => c.notNull())
      .addColumn('style', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('made_at', 'timestamptz', (c) => c.notNull())
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('highlights_pk', ['user_id', 'highlight_id'])
      .execute();
    await db.schema.createIndex('highlights_by_sentence').on('highlights').columns(['user_id', 'sentence_id']).execute();
    await db.schema
      .createTable('successors')
      .addColumn('from_id', 'integer', (c) => c.notNull())
      .addColumn('to_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('successors_pk', ['from_id', 'to_id'])
      .execute();
    await db.schema.createIndex('successors_by_to').on('successors').columns(['to_id']).execute();
    await db.schema
      .createTable('collections')
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('collection_id', 'uuid', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('made_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('collections_pk', ['user_id', 'collection_id'])
      .execute();
    await db.schema
      .createTable('bookmarks')
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('bookmark_id', 'uuid', (c) => c.notNull())
      .addColumn('sentence_id', 'integer', (c) => c.notNull())
      .addColumn('collection_id', 'uuid')
      .addColumn('added_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('bookmarks_pk', ['user_id', 'bookmark_id'])
      .execute();
    await db.schema.createIndex('bookmarks_by_sentence').on('bookmarks').columns(['user_id', 'sentence_id']).execute();
    await db.schema
      .createTable('sharing')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey())
      .execute();
    // Every reader's highlights on a canto's sentences, for its most highlighted lines.
    await db.schema.createIndex('highlights_of_sentence').on('highlights').columns(['sentence_id', 'edition']).execute();
  },
  handlers: {
    async HighlightMade(event, db) {
      const d = event.data;
      const note = d.note === undefined ? null : await noteOf(db, d.userId, d.note);
      await db
        .insertInto('highlights')
        .values({
          user_id: d.userId,
          highlight_id: d.highlightId,
          sentence_id: d.sentence,
          edition: d.edition,
          text: d.text,
          quote_start: d.quote.start,
          quote_end: d.quote.end,
          exact: d.quote.exact,
          prefix: d.quote.prefix,
          suffix: d.quote.suffix,
          colour: d.colour,
          style: d.style,
          note,
          made_at: event.metadata.timestamp,
          changed_at: event.metadata.timestamp,
        })
        .onConflict((oc) => oc.columns(['user_id', 'highlight_id']).doNothing())
        .execute();
    },
    async HighlightChanged(event, db) {
      const d = event.data;
      const note = d.note === undefined ? undefined : d.note === null ? null : await noteOf(db, d.userId, d.note);
      await db
        .updateTable('highlights')
        .set({
          ...(d.colour === undefined ? {} : { colour: d.colour }),
          ...(d.style === undefined ? {} : { style: d.style }),
          ...(note === undefined ? {} : { note }),
          changed_at: event.metadata.timestamp,
        })
        .where('user_id', '=', d.userId)
        .where('highlight_id', '=', d.highlightId)
        .execute();
    },
    async HighlightRemoved(event, db) {
      await db.deleteFrom('highlights').where('user_id', '=', event.data.userId).where('highlight_id', '=', event.data.highlightId).execute();
    },
    async CollectionMade(event, db) {
      const d = event.data;
      const name = await nameOf(db, d.userId, d.name);
      // Its reader's key is gone (the account erased): so is the collection.
      if (name === null) return;
      await db
        .insertInto('collections')
        .values({ user_id: d.userId, collection_id: d.collectionId, name, made_at: event.metadata.timestamp })
        .onConflict((oc) => oc.columns(['user_id', 'collection_id']).doNothing())
        .execute();
    },
    async CollectionRenamed(event, db) {
      const d = event.data;
      const name = await nameOf(db, d.userId, d.name);
      if (name === null) return;
      await db.updateTable('collections').set({ name }).where('user_id', '=', d.userId).where('collection_id', '=', d.collectionId).execute();
    },
    async CollectionRemoved(event, db) {
      const d = event.data;
      await db.deleteFrom('bookmarks').where('user_id', '=', d.userId).where('collection_id', '=', d.collectionId).execute();
      await db.deleteFrom('collections').where('user_id', '=', d.userId).where('collection_id', '=', d.collectionId).execute();
    },
    async BookmarkAdded(event, db) {
      const d = event.data;
      await db
        .insertInto('bookmarks')
        .values({ user_id: d.userId, bookmark_id: d.bookmarkId, sentence_id: d.sentence, collection_id: d.collectionId, added_at: event.metadata.timestamp })
        .onConflict((oc) => oc.columns(['user_id', 'bookmark_id']).doNothing())
        .execute();
    },
    async BookmarkMoved(event, db) {
      const d = event.data;
      await db
        .updateTable('bookmarks')
        .set({ collection_id: d.collectionId })
        .where('user_id', '=', d.userId)
        .where('bookmark_id', '=', d.bookmarkId)
        .execute();
    },
    async BookmarkRemoved(event, db) {
      await db.deleteFrom('bookmarks').where('user_id', '=', event.data.userId).where('bookmark_id', '=', event.data.bookmarkId).execute();
    },
    async HighlightsShared(event, db) {
      const { userId, shared } = event.data;
      if (shared)
        await db
          .insertInto('sharing')
          .values({ user_id: userId })
          .onConflict((oc) => oc.doNothing())
          .execute();
      else await db.deleteFrom('sharing').where('user_id', '=', userId).execute();
    },
    async AccountDeleted(event, db) {
      const { userId } = event.data;
      await db.deleteFrom('sharing').where('user_id', '=', userId).execute();
      await db.deleteFrom('highlights').where('user_id', '=', userId).execute();
      await db.deleteFrom('bookmarks').where('user_id', '=', userId).execute();
      await db.deleteFrom('collections').where('user_id', '=', userId).execute();
    },
    async SentenceSplit(event, db) {
      await succeed(
        db,
        event.data.into.map((to) => ({ from_id: event.data.sentence, to_id: to })),
      );
    },
    async SentencesMerged(event, db) {
      await succeed(
        db,
        event.data.from.map((from) => ({ from_id: from, to_id: event.data.sentence })),
      );
    },
    async SentenceWithdrawn(event, db) {
      if (event.data.into !== undefined) await succeed(db, [{ from_id: event.data.sentence, to_id: event.data.into }]);
    },
  },
});
