import { describe, expect, it } from 'vitest';
import { emptySentence, type SentenceState } from '@epos/domain/poem/sentence-state';
import type { SearchDocument } from '@epos/schemas/search/documents';
import {
  documentsForHeading,
  documentsForPost,
  documentsForSentence,
  poemOrder,
  visibleComments,
  type SearchedComment,
  type SearchedPost,
} from './documents.js';

const placed = (state: Partial<SentenceState>): SentenceState => ({
  ...emptySentence(7),
  placement: { book: 2, canto: 3, section: 1, stanza: 1, order: 'a', joinsPrevious: false, stanzaBreaks: [] },
  ...state,
});

describe('documentsForSentence', () => {
  it('gives one document per edition text, the unrevised editions reading as the First', () => {
    const docs = documentsForSentence(placed({ text: { first: ['In the beginning', 'was dawn'], revised: ['At the beginning'] } }), 145);
    expect(docs.map((d) => [d.id, d.scope, d.text, d.link])).toEqual([
      ['sentence:7:first', 'first', 'In the beginning\nwas dawn', '/2/3/1'],
      ['sentence:7:centenary', 'centenary', 'In the beginning\nwas dawn', '/2/3/1/centenary'],
      ['sentence:7:revised', 'revised', 'At the beginning', '/2/3/1/revised'],
    ]);
    expect(docs[0]).toMatchObject({
      title: 'Book 2, Canto 3, §1 — 145',
      sentence: 7,
      order: poemOrder(145, 'sentence'),
      language: 'en',
      author: null,
      post: null,
    });
  });

  it('maps translations per language, notes and commentary entries', () => {
    const docs = documentsForSentence(
      placed({
        translations: { hi: ['सावित्री'], fr: ['Aube'] },
        fields: { motherNote: 'A note', reason: 'Because', scansion: 'x / x' },
        commentary: { sri: 'Comment' },
      }),
      3,
    );
    expect(docs.map((d) => [d.id, d.scope, d.language])).toEqual([
      ['translation:7:hi', 'translations', 'hi'],
      ['translation:7:fr', 'translations', 'fr'],
      ['note:7:motherNote', 'notes', 'en'],
      ['note:7:reason', 'notes', 'en'],
      ['commentary:7:sri', 'commentary', 'en'],
    ]);
    expect(docs[0]!.title).toBe('Book 2, Canto 3, §1 — 3 (Hindi)');
  });

  it('gives nothing for a sentence out of the poem', () => {
    expect(documentsForSentence({ ...emptySentence(7), text: { first: ['gone'] } }, 1)).toEqual([]);
  });
});

describe('documentsForHeading', () => {
  // Longfellow's argument of Inferno I, as his canto's name.
  const dante =
    'The Dark Forest. The Hill of Difficulty. The Panther, the Lion, and the Wolf. Virgil, sent by Beatrice, offers to guide Dante through Hell and Purgatory, and another, worthier spirit will guide him through Paradise';

  it("gives a canto's name in every edition, linking to its first section, just before its first sentence", () => {
    const docs = documentsForHeading({ book: 1, canto: 1, section: null, name: dante, first: { canto: 1, section: 2, number: 40 } });
    expect(docs.map((d) => [d.id, d.scope, d.link])).toEqual([
      ['heading:c1.1:first', 'first', '/1/1/2'],
      ['heading:c1.1:centenary', 'centenary', '/1/1/2/centenary'],
      ['heading:c1.1:revised', 'revised', '/1/1/2/revised'],
    ]);
    expect(docs[0]).toMatchObject({ title: 'Book 1, Canto 1', text: dante, language: 'en', sentence: null, post: null, author: null });
    expect(docs[0]!.order).toBeLessThan(poemOrder(40, 'sentence'));
    expect(docs[0]!.order).toBeGreaterThan(poemOrder(39, 'sentence'));
  });

  it("orders a book's heading before its first canto's and that before its first section's, and links a book to its first canto's first section", () => {
    const first = { canto: 2, section: 3, number: 1 };
    const [book, canto, section] = [
      documentsForHeading({ book: 1, canto: null, section: null, name: 'भीष्मपर्व', first }),
      documentsForHeading({ book: 1, canto: 2, section: null, name: 'अर्जुनविषादयोगः', first }),
      documentsForHeading({ book: 1, canto: 2, section: 3, name: 'धृतराष्ट्र उवाच', first }),
    ].map((docs) => docs[0]!) as [SearchDocument, SearchDocument, SearchDocument];
    expect([book, canto, section].map((d) => [d.id, d.title, d.link])).toEqual([
      ['heading:b1:first', 'Book 1', '/1/2/3'],
      ['heading:c1.2:first', 'Book 1, Canto 2', '/1/2/3'],
      ['heading:s1.2.3:first', 'Book 1, Canto 2, §3', '/1/2/3'],
    ]);
    expect([book.order, canto.order, section.order, poemOrder(1, 'sentence')]).toEqual([0, 1, 2, 3].map((n) => poemOrder(1, 'book') + n));
  });

  it('gives nothing for a part with no sentence yet or a section named blank', () => {
    expect(documentsForHeading({ book: 1, canto: 1, section: null, name: dante, first: null })).toEqual([]);
    expect(documentsForHeading({ book: 1, canto: 1, section: 1, name: '  ', first: { canto: 1, section: 1, number: 1 } })).toEqual([]);
  });
});

const post: SearchedPost = {
  postId: '00000000-0000-4000-8000-000000000001',
  blogId: 'notes',
  url: 'dawn',
  authorId: '00000000-0000-4000-8000-0000000000a1',
  status: 'published',
  publishedAt: '2026-01-02T03:04:05.000Z',
  content: { title: 'Dawn', subtitle: 'On light', seriesTitle: 'S', excerpt: '', markdown: '# Heading\n\nSome **bold** [link](http://x.example) text.' },
};
const comment = (id: string, parentId: string | null, hidden = false, authorId = '00000000-0000-4000-8000-0000000000b1'): SearchedComment => ({
  commentId: `00000000-0000-4000-8000-00000000000${id}`,
  parentId: parentId === null ? null : `00000000-0000-4000-8000-00000000000${parentId}`,
  authorId,
  text: `comment ${id}`,
  hidden,
  createdAt: '2026-01-03T00:00:00.000Z',
});
const open = { blogArchived: false, erased: new Set<string>() };

describe('documentsForPost', () => {
  it('indexes a published post as plain text with its author, blog and date, and its comments', () => {
    const docs = documentsForPost(post, open, [comment('2', null)]);
    expect(docs[0]).toMatchObject({
      id: `post:${post.postId}`,
      scope: 'posts',
      title: 'Dawn',
      link: '/blogs/notes/dawn',
      author: post.authorId,
      blog: 'notes',
      post: post.postId,
      date: post.publishedAt,
    });
    expect(docs[0]!.text).toBe('On light\nHeading Some bold link text.');
    expect(docs[1]).toMatchObject({ scope: 'comments', text: 'comment 2', author: comment('2', null).authorId, post: post.postId });
  });

  it('indexes nothing of a draft, a scheduled post, an archived blog or an erased author', () => {
    expect(documentsForPost({ ...post, status: 'draft' }, open, [comment('2', null)])).toEqual([]);
    expect(documentsForPost({ ...post, status: 'scheduled' }, open, [])).toEqual([]);
    expect(documentsForPost(post, { ...open, blogArchived: true }, [])).toEqual([]);
    expect(documentsForPost(post, { ...open, erased: new Set([post.authorId]) }, [])).toEqual([]);
  });

  it('leaves out comments of erased accounts and unreadable ones', () => {
    const erasedAuthor = '00000000-0000-4000-8000-0000000000c1';
    const docs = documentsForPost(post, { ...open, erased: new Set([erasedAuthor]) }, [
      comment('2', null, false, erasedAuthor),
      { ...comment('3', null), text: null },
      comment('4', null),
    ]);
    expect(docs.map((d) => d.text)).toEqual([docs[0]!.text, 'comment 4']);
  });
});

describe('visibleComments', () => {
  it('hides a hidden comment with its whole thread, not its siblings', () => {
    const comments = [comment('1', null), comment('2', '1', true), comment('3', '2'), comment('4', '3'), comment('5', '1')];
    expect(visibleComments(comments).map((c) => c.text)).toEqual(['comment 1', 'comment 5']);
  });
});
