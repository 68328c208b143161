import type { Kysely } from 'kysely';
import type { Collection } from '@epos/schemas';
import type { HighlightsReadModel } from './highlights-projection.js';

/** The reads the bookmark routes and their rules need from the study read model. */
type Db = Kysely<HighlightsReadModel>;

/** The reader's named collections, A to Z, each with how many bookmarks it holds. */
export async function collectionsOf(db: Db, userId: string): Promise<Collection[]> {
  const rows = await db
    .selectFrom('collections as c')
    .leftJoin('bookmarks as b', (join) => join.onRef('b.user_id', '=', 'c.user_id').onRef('b.collection_id', '=', 'c.collection_id'))
    .select(['c.collection_id', 'c.name', 'c.made_at', (eb) => eb.fn.count<string>('b.bookmark_id').as('n')])
    .where('c.user_id', '=', userId)
    .groupBy(['c.collection_id', 'c.name', 'c.made_at'])
    .execute();
  return rows
    .map((r) => ({ collectionId: r.collection_id, name: r.name, bookmarks: Number(r.n), madeAt: new Date(r.made_at).toISOString() }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** Whether another of these collections has this name (case and accents aside). */
export function nameTaken(collections: readonly Collection[], name: string, except?: string): boolean {
  return collections.some((c) => c.collectionId !== except && c.name.localeCompare(name, 'en', { sensitivity: 'base' }) === 0);
}

/** The collection a bookmark goes to, as the decider weighs it. */
export async function collectionFact(db: Db, userId: string, collectionId: string | null) {
  if (collectionId === null) return 'unnamed' as const;
  const row = await db.selectFrom('collections').select('name').where('user_id', '=', userId).where('collection_id', '=', collectionId).executeTakeFirst();
  return row ?? null;
}

/** Whether the sentence (permanent id) is bookmarked in the collection already (other than by `except`). */
export async function alreadyIn(db: Db, userId: string, sentenceId: number, collectionId: string | null, except?: string): Promise<boolean> {
  let query = db.selectFrom('bookmarks').select('bookmark_id').where('user_id', '=', userId).where('sentence_id', '=', sentenceId);
  query = collectionId === null ? query.where('collection_id', 'is', null) : query.where('collection_id', '=', collectionId);
  if (except !== undefined) query = query.where('bookmark_id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** How many bookmarks the reader has: all of them, or (unnamed) those in "Bookmarks". */
export async function bookmarkCount(db: Db, userId: string, unnamed = false): Promise<number> {
  let query = db
    .selectFrom('bookmarks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId);
  if (unnamed) query = query.where('collection_id', 'is', null);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** One of the reader's bookmarks (its sentence's permanent id), or undefined when it is not theirs. */
export function bookmarkOf(db: Db, userId: string, bookmarkId: string) {
  return db.selectFrom('bookmarks').select('sentence_id').where('user_id', '=', userId).where('bookmark_id', '=', bookmarkId).executeTakeFirst();
}
