import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createLogger, PostgresEventStore, ProjectionProgress, ProjectionRunner, type NewEvent } from '@epos/platform';
import { PostgresSearchIndex } from '@epos/platform/search/postgres/postgres-search-index';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { blogStream, commentsStream, EventRegistry, eventCatalog, orderKeyOfNumber, POEM_STREAM, postStream, sentenceStream, userStream } from '@epos/schemas';
import type { SearchScope } from '@epos/schemas/search/documents';
import { newUserKey, seal } from '../accounts/sealing.js';
import { searchProjection } from './search-projection.js';
import { SEARCH_PROJECTION } from './read-model.js';

const testDb = useTestDatabase();
let store: PostgresEventStore;
let progress: ProjectionProgress;
let runner: ProjectionRunner;
let index: PostgresSearchIndex;

beforeAll(async () => {
  const { database } = testDb();
  store = new PostgresEventStore(database, new EventRegistry(eventCatalog), { pollIntervalMs: 20 });
  progress = new ProjectionProgress(database, store);
  await progress.start();
  index = new PostgresSearchIndex(database, progress);
  // Small batches, so one batch holds events of several sentences and posts.
  runner = new ProjectionRunner({ database, store, projections: [searchProjection(index)], logger: createLogger('silent', 'test'), batchSize: 4 });
  await runner.start();
});
afterAll(async () => {
  await runner.stop();
  await progress.close();
  await store.close();
});

async function append(streamId: string, events: NewEvent[]) {
  const { position } = await store.append(streamId, events, { expectedRevision: 'any', cause: { actor: 'test' } });
  expect(await progress.waitFor(position, { names: [SEARCH_PROJECTION], timeoutMs: 20_000 })).toBeTruthy();
}
const place = (sentence: number, order: number, section = 1): NewEvent => ({
  type: 'SentencePlaced',
  data: { sentence, book: 1, canto: 1, section, stanza: 1, order: orderKeyOfNumber(order), joinsPrevious: false, stanzaBreaks: [] },
});
const text = (sentence: number, line: string): NewEvent => ({ type: 'SentenceTextSet', data: { sentence, edition: 'first', lines: [line] } });
const find = async (q: string, scope: SearchScope = 'first') => (await index.search({ q, scope, page: 1, pageSize: 20, phrase: false })).hits;

describe('poem documents', () => {
  it('titles sentences with their running number and renumbers them when one is placed before', async () => {
    await append(sentenceStream(10), [place(10, 10), text(10, 'A heron stood')]);
    await append(sentenceStream(20), [place(20, 20), text(20, 'A second heron')]);
    expect((await find('heron')).map((h) => h.title).sort()).toEqual(['Book 1, Canto 1, §1 — 1', 'Book 1, Canto 1, §1 — 2']);
    await append(sentenceStream(5), [place(5, 5), text(5, 'Before the heron')]);
    const titles = Object.fromEntries((await find('heron')).map((h) => [h.sentence, h.title]));
    expect(titles).toEqual({ 5: 'Book 1, Canto 1, §1 — 1', 10: 'Book 1, Canto 1, §1 — 2', 20: 'Book 1, Canto 1, §1 — 3' });
    // Renumbered documents are rewritten, their words not counted again: one per document holding it.
    const schema = await progress.schemaOf(SEARCH_PROJECTION);
    const { db } = testDb().database;
    const holding = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(schema, 'documents')} where scope in ('first', 'centenary', 'revised') and text ilike '%heron%'`.execute(db);
    const entry = await sql<{ documents: number }>`select documents from ${sql.id(schema, 'suggestions')} where key = 'heron'`.execute(db);
    expect(holding.rows[0]!.n).toBeGreaterThan(0);
    expect(entry.rows[0]?.documents).toBe(holding.rows[0]!.n);
  });

  it('follows a move, drops a cleared translation and everything of a withdrawn sentence', async () => {
    await append(sentenceStream(10), [
      { type: 'TranslationSet', data: { sentence: 10, lang: 'fr', lines: ['Un héron'] } },
      { type: 'CommentarySet', data: { sentence: 10, layer: 'sage', text: 'Herons wait.' } },
    ]);
    expect(await find('héron', 'translations')).toHaveLength(1);
    await append(sentenceStream(10), [{ type: 'TranslationSet', data: { sentence: 10, lang: 'fr', lines: null } }, place(10, 10, 2)]);
    expect(await find('héron', 'translations')).toHaveLength(0);
    expect((await find('herons', 'commentary')).map((h) => h.link)).toEqual(['/1/1/2']);
    await append(sentenceStream(5), [{ type: 'SentenceWithdrawn', data: { sentence: 5 } }]);
    const titles = Object.fromEntries((await find('heron')).map((h) => [h.sentence, h.title]));
    expect(titles).toEqual({ 10: 'Book 1, Canto 1, §2 — 1', 20: 'Book 1, Canto 1, §1 — 2' });
  });

  it("writes only the documents an event changed: a sentence's commentary leaves its edition texts as they were", async () => {
    const rowVersion = async (id: string) => {
      const schema = await progress.schemaOf(SEARCH_PROJECTION);
      return (await sql<{ v: string }>`select xmin::text as v from ${sql.id(schema, 'documents')} where id = ${id}`.execute(testDb().database.db)).rows[0]?.v;
    };
    const before = await rowVersion('sentence:20:first');
    expect(before).toBeDefined();
    await append(sentenceStream(20), [{ type: 'CommentarySet', data: { sentence: 20, layer: 'sage', text: 'A lone heron.' } }]);
    expect(await find('lone', 'commentary')).toHaveLength(1);
    expect(await rowVersion('sentence:20:first')).toBe(before);
    await append(sentenceStream(20), [text(20, 'A second grey heron')]);
    expect(await rowVersion('sentence:20:first')).not.toBe(before);
  });
});

describe('headings', () => {
  // Longfellow's Inferno: his argument of Canto I is the canto's name.
  const dante =
    'The Dark Forest. The Hill of Difficulty. The Panther, the Lion, and the Wolf. Virgil, sent by Beatrice, offers to guide Dante through Hell and Purgatory, and another, worthier spirit will guide him through Paradise';
  const placeAt = (sentence: number, order: number, book: number, canto: number, section: number): NewEvent => ({
    type: 'SentencePlaced',
    data: { sentence, book, canto, section, stanza: 1, order: orderKeyOfNumber(order), joinsPrevious: false, stanzaBreaks: [] },
  });
  const found = async (q: string) => (await find(q)).map((h) => [h.title, h.link]);
  const stored = async (ids: string[]) => {
    const schema = await progress.schemaOf(SEARCH_PROJECTION);
    const rows = await sql<{ id: string; ord: string }>`select id, ord::text from ${sql.id(schema, 'documents')} where id = any(${ids}::text[])`.execute(
      testDb().database.db,
    );
    return Object.fromEntries(rows.rows.map((r) => [r.id, Number(r.ord)]));
  };

  it('finds a canto by its name once it has a sentence, at its first section, and follows renames, moves and withdrawals', async () => {
    await append(POEM_STREAM, [
      { type: 'PoemBookNamed', data: { book: 3, name: 'Inferno' } },
      { type: 'PoemCantoNamed', data: { book: 3, canto: 1, name: dante } },
    ]);
    // No section yet: nothing to link to.
    expect(await found('panther')).toEqual([]);
    await append(sentenceStream(301), [placeAt(301, 301, 3, 1, 2), text(301, 'So bitter is it, death is little more;')]);
    expect(await found('panther')).toEqual([['Book 3, Canto 1', '/3/1/2']]);
    expect(await found('inferno')).toEqual([['Book 3', '/3/1/2']]);
    expect((await find('panther', 'revised')).map((h) => h.link)).toEqual(['/3/1/2/revised']);
    await append(sentenceStream(300), [placeAt(300, 300, 3, 1, 1), text(300, 'Midway upon the journey of our life / I found myself within a forest dark')]);
    expect(await found('forest')).toEqual([
      ['Book 3, Canto 1', '/3/1/1'],
      ['Book 3, Canto 1, §1 — 3', '/3/1/1'],
    ]);
    await append(POEM_STREAM, [{ type: 'PoemCantoNamed', data: { book: 3, canto: 1, name: 'The Dark Wood' } }]);
    expect(await found('panther')).toEqual([]);
    expect(await found('wood')).toEqual([['Book 3, Canto 1', '/3/1/1']]);
    const schema = await progress.schemaOf(SEARCH_PROJECTION);
    const entries = await sql<{
      key: string;
      documents: number;
    }>`select key, documents from ${sql.id(schema, 'suggestions')} where key in ('panther', 'wood')`.execute(testDb().database.db);
    expect(entries.rows).toEqual([{ key: 'wood', documents: 3 }]);
    await append(sentenceStream(300), [{ type: 'SentenceWithdrawn', data: { sentence: 300 } }]);
    expect(await found('wood')).toEqual([['Book 3, Canto 1', '/3/1/2']]);
    await append(sentenceStream(301), [{ type: 'SentenceWithdrawn', data: { sentence: 301 } }]);
    expect(await found('wood')).toEqual([]);
    expect(await found('inferno')).toEqual([]);
  });

  it('finds Devanagari names of cantos and sections, and keeps a heading just before its first sentence as the poem is renumbered', async () => {
    await append(sentenceStream(400), [placeAt(400, 400, 4, 1, 1), text(400, 'धर्मक्षेत्रे कुरुक्षेत्रे समवेता युयुत्सवः।')]);
    await append(POEM_STREAM, [
      { type: 'PoemCantoNamed', data: { book: 4, canto: 1, name: 'अर्जुनविषादयोगः' } },
      { type: 'PoemSectionNamed', data: { book: 4, canto: 1, section: 1, name: 'धृतराष्ट्र उवाच' } },
    ]);
    expect(await found('अर्जुनविषादयोगः')).toEqual([['Book 4, Canto 1', '/4/1/1']]);
    expect(await found('उवाच')).toEqual([['Book 4, Canto 1, §1', '/4/1/1']]);
    const ids = ['heading:c4.1:first', 'heading:s4.1.1:first', 'sentence:400:first'];
    const before = await stored(ids);
    expect(before['heading:c4.1:first']! < before['heading:s4.1.1:first']! && before['heading:s4.1.1:first']! < before['sentence:400:first']!).toBe(true);
    // A sentence placed earlier in the poem renumbers the ones after it, and the headings with them.
    await append(sentenceStream(250), [placeAt(250, 250, 2, 1, 1), text(250, 'Ah me! how hard a thing it is to say')]);
    const after = await stored(ids);
    expect(after['sentence:400:first']).toBe(before['sentence:400:first']! + 4);
    expect(ids.map((id) => after[id]! - before[id]!)).toEqual([4, 4, 4]);
    await append(POEM_STREAM, [{ type: 'PoemSectionNamed', data: { book: 4, canto: 1, section: 1, name: '' } }]);
    expect(await found('उवाच')).toEqual([]);
  });
});

describe('post documents', () => {
  const author = randomUUID();
  const postId = randomUUID();
  const content = { title: 'Kingfishers', subtitle: '', seriesTitle: 'Birds', excerpt: '', markdown: 'Kingfishers by the river.' };

  it('indexes a post only while published, and nothing of an author erased in the same batch', async () => {
    await append(blogStream('birds'), [{ type: 'BlogCreated', data: { blogId: 'birds', title: 'Birds', description: '' } }]);
    await append(postStream(postId), [{ type: 'PostCreated', data: { postId, blogId: 'birds', url: 'kingfishers', authorId: author, content } }]);
    expect(await find('kingfishers', 'posts')).toHaveLength(0);
    await append(postStream(postId), [{ type: 'PostPublished', data: { postId, publishedAt: '2026-01-01T00:00:00.000Z', scheduled: false, first: true } }]);
    expect(await find('kingfishers', 'posts')).toHaveLength(1);
    await append(postStream(postId), [
      { type: 'PostUnpublished', data: { postId } },
      { type: 'PostPublished', data: { postId, publishedAt: '2026-01-02T00:00:00.000Z', scheduled: false, first: false } },
    ]);
    expect((await find('kingfishers', 'posts')).map((h) => h.date)).toEqual(['2026-01-02T00:00:00.000Z']);
    await append(userStream(author), [{ type: 'AccountDeleted', data: { userId: author } }]);
    expect(await find('kingfishers', 'posts')).toHaveLength(0);
    await append(postStream(postId), [{ type: 'PostRevised', data: { postId, content: { ...content, title: 'More kingfishers' } } }]);
    expect(await find('kingfishers', 'posts')).toHaveLength(0);
    const { database } = testDb();
    const schema = await progress.schemaOf(SEARCH_PROJECTION);
    const left = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(schema, 'documents')} where author = ${author}`.execute(database.db);
    expect(left.rows[0]!.n).toBe(0);
  });

  it("forgets, with an erased author's post, everyone's comments on it", async () => {
    const writer = randomUUID();
    const reader = randomUUID();
    const post = randomUUID();
    const key = newUserKey();
    const { database } = testDb();
    await sql`insert into public.user_keys (user_id, key) values (${reader}, ${key})`.execute(database.db);
    await append(postStream(post), [
      { type: 'PostCreated', data: { postId: post, blogId: 'birds', url: 'herons-again', authorId: writer, content: { ...content, title: 'Herons again' } } },
      { type: 'PostPublished', data: { postId: post, publishedAt: '2026-02-01T00:00:00.000Z', scheduled: false, first: true } },
    ]);
    await append(commentsStream(post), [
      {
        type: 'CommentPosted',
        data: { commentId: randomUUID(), postId: post, parentId: null, authorId: reader, content: seal(key, 'Egrets nest nearby.'), mentions: [] },
      },
    ]);
    expect(await find('egrets', 'comments')).toHaveLength(1);
    await append(userStream(writer), [{ type: 'AccountDeleted', data: { userId: writer } }]);
    expect(await find('egrets', 'comments')).toHaveLength(0);
  });
});

describe('library documents', () => {
  const content = (name: string, markdown: string) => ({ name, permalink: 'p', category: 'Non-Menu', parent: null, priority: null, markdown });

  it('indexes a page by its name and text, follows its moves and revisions, and drops it when deleted', async () => {
    const pageId = randomUUID();
    await append(`page-${pageId}`, [
      { type: 'PageCreated', data: { pageId, path: '/essays/tides', content: content('On tides', 'The **moonlit** tide returns.') } },
    ]);
    expect((await find('moonlit', 'pages')).map((h) => [h.title, h.link])).toEqual([['On tides', '/essays/tides']]);
    await append(`page-${pageId}`, [
      { type: 'PageMoved', data: { pageId, from: '/essays/tides', to: '/tides' } },
      { type: 'PageRevised', data: { pageId, content: content('Tides', 'The sunlit tide returns.') } },
    ]);
    expect(await find('moonlit', 'pages')).toEqual([]);
    expect((await find('sunlit', 'pages')).map((h) => [h.title, h.link])).toEqual([['Tides', '/tides']]);
    await append(`page-${pageId}`, [{ type: 'PageDeleted', data: { pageId } }]);
    expect(await find('sunlit', 'pages')).toEqual([]);
  });

  it('searches a page longer than one document in pieces, every piece linking to the page', async () => {
    const pageId = randomUUID();
    const paragraph = 'Long commentary on the verse and its cadence. '.repeat(40);
    const markdown = `${Array.from({ length: 120 }, () => paragraph).join('\n\n')}\n\nThe final word is albatross.`;
    await append(`page-${pageId}`, [{ type: 'PageCreated', data: { pageId, path: '/commentary', content: content('Commentary', markdown) } }]);
    const hits = await find('albatross', 'pages');
    expect(hits.map((h) => h.link)).toEqual(['/commentary']);
    expect((await find('cadence', 'pages')).length).toBeGreaterThan(1);
  });

  it('indexes a book by chapter, each hit linking to its chapter, and follows revisions, renames and removal', async () => {
    const authorId = randomUUID();
    const bookId = randomUUID();
    await append(`author-${authorId}`, [{ type: 'AuthorAdded', data: { authorId, name: 'A. Reader', slug: 'a-reader' } }]);
    const markdown =
      '# The book\n\nAn opening about the heron.\n\n## The *first* chapter\n\nThe cormorant dives.\n\n### A section\n\nMore on the cormorant.\n\n## Second chapter\n\nThe kingfisher waits.';
    await append(`book-${bookId}`, [
      { type: 'BookAdded', data: { bookId, authorId, slug: 'water-birds', content: { title: 'Water birds', order: 1, markdown } } },
    ]);
    expect((await find('cormorant', 'books')).map((h) => [h.title, h.link])).toEqual([
      ['Water birds (A. Reader) — The first chapter', '/books/a-reader/water-birds#toc-the-first-chapter'],
    ]);
    expect((await find('heron', 'books')).map((h) => h.link)).toEqual(['/books/a-reader/water-birds']);
    await append(`author-${authorId}`, [{ type: 'AuthorRenamed', data: { authorId, name: 'B. Reader' } }]);
    expect((await find('kingfisher', 'books')).map((h) => h.title)).toEqual(['Water birds (B. Reader) — Second chapter']);
    await append(`book-${bookId}`, [
      { type: 'BookRevised', data: { bookId, content: { title: 'Birds', order: 1, markdown: '## Only chapter\n\nThe kingfisher alone.' } } },
    ]);
    expect(await find('cormorant', 'books')).toEqual([]);
    expect((await find('kingfisher', 'books')).map((h) => [h.title, h.link])).toEqual([
      ['Birds (B. Reader) — Only chapter', '/books/a-reader/water-birds#toc-only-chapter'],
    ]);
    await append(`book-${bookId}`, [{ type: 'BookRemoved', data: { bookId } }]);
    expect(await find('kingfisher', 'books')).toEqual([]);
  });
});
