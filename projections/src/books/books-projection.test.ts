import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationListener, parseChangeNotice, type ChangeNotice, type NewEvent, type Projection } from '@epos/platform';
import { authorStream, bookStream, type BookContent } from '@epos/schemas';
import { BOOKS_CHANGED_CHANNEL, booksProjection, type BooksReadModel } from './books-projection.js';
import { useProjectionUnderTest } from '../testkit/projection-under-test.js';
import { authorsWithBooks, bookAt, bookCountOf, tocOf } from './queries.js';

const projection = useProjectionUnderTest<BooksReadModel>(booksProjection as Projection);
const append = (streamId: string, events: NewEvent[]) => projection.append(streamId, events);
let listener: NotificationListener;
const notices: ChangeNotice[] = [];

beforeAll(async () => {
  listener = new NotificationListener(projection.database().url, BOOKS_CHANGED_CHANNEL);
  listener.onPayload((payload) => notices.push(parseChangeNotice(payload)));
  await listener.start();
});
afterAll(() => listener.close());

const mira = '11111111-1111-4111-8111-111111111111';
const zed = '22222222-2222-4222-8222-222222222222';
const companion = '33333333-3333-4333-8333-333333333333';
const metre = '44444444-4444-4444-8444-444444444444';
const long: BookContent = {
  title: 'A Companion',
  order: 2,
  markdown: '## Intro\n\nRead **||12||** <script>alert(1)</script>\n\n### Notes\n\n## Intro\n\nTwo words.',
};

describe('books read model', () => {
  it('keeps authors by name with their books in order, each book rendered once with its table of contents and word count', async () => {
    await append(authorStream(zed), [{ type: 'AuthorAdded', data: { authorId: zed, name: 'Zed Young', slug: 'zed-young' } }]);
    await append(authorStream(mira), [{ type: 'AuthorAdded', data: { authorId: mira, name: 'Mira Alder', slug: 'mira-alder' } }]);
    await append(bookStream(companion), [{ type: 'BookAdded', data: { bookId: companion, authorId: mira, slug: 'a-companion', content: long } }]);
    const db = await append(bookStream(metre), [
      { type: 'BookAdded', data: { bookId: metre, authorId: mira, slug: 'on-metre', content: { title: 'On Metre', order: 1, markdown: 'Short.' } } },
    ]);
    const listed = await authorsWithBooks(db);
    expect(listed.map((a) => [a.author.name, a.books.map((b) => b.slug)])).toEqual([
      ['Mira Alder', ['on-metre', 'a-companion']],
      ['Zed Young', []],
    ]);
    const book = (await bookAt(db, 'mira-alder', 'a-companion'))!;
    expect(book).toMatchObject({ title: 'A Companion', author_name: 'Mira Alder', revision: 1, words: 7 });
    expect(book.html).toContain('<h2 id="toc-intro">Intro</h2>');
    expect(book.html).toContain('<h2 id="toc-intro-2">Intro</h2>');
    expect(book.html).toContain('<a class="sentence-link" href="/12">12</a>');
    expect(book.html).not.toContain('<script');
    expect(tocOf(book)).toEqual([
      { TagHash: 'toc-intro', TagText: 'Intro', Innerhead3: [{ TagHash: 'toc-notes', TagText: 'Notes' }] },
      { TagHash: 'toc-intro-2', TagText: 'Intro', Innerhead3: [] },
    ]);
    expect(await bookCountOf(db, mira)).toBe(2);
    expect(await bookAt(db, 'zed-young', 'a-companion')).toBeUndefined();
  });

  it('revises, renames, removes, and announces each change with the slugs of the authors it touched', async () => {
    notices.length = 0;
    let db = await append(bookStream(companion), [{ type: 'BookRevised', data: { bookId: companion, content: { ...long, markdown: '## Only\n\nNew.' } } }]);
    expect(await bookAt(db, 'mira-alder', 'a-companion')).toMatchObject({
      revision: 2,
      html: '<h2 id="toc-only">Only</h2>\n<p>New.</p>\n',
      toc: '[{"TagHash":"toc-only","TagText":"Only","Innerhead3":[]}]',
    });
    db = await append(authorStream(mira), [{ type: 'AuthorRenamed', data: { authorId: mira, name: 'M. Alder' } }]);
    expect(await bookAt(db, 'mira-alder', 'a-companion')).toMatchObject({ author_name: 'M. Alder' });
    db = await append(bookStream(metre), [{ type: 'BookRemoved', data: { bookId: metre } }]);
    expect(await bookCountOf(db, mira)).toBe(1);
    db = await append(authorStream(zed), [{ type: 'AuthorRemoved', data: { authorId: zed } }]);
    expect((await authorsWithBooks(db)).map((a) => a.author.slug)).toEqual(['mira-alder']);
    await expect.poll(() => notices.length).toBe(4);
    expect(notices.map((n) => [...(n.scopes ?? ['everything'])])).toEqual([['mira-alder'], ['mira-alder'], ['mira-alder'], ['zed-young']]);
  });
});
