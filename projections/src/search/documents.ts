import { plainText } from '@epos/platform/markdown/text';
import { editions, type Edition, type Language, type PostContent } from '@epos/schemas';
import { languageNames } from '@epos/schemas/poem/editions';
import type { SearchDocument } from '@epos/schemas/search/documents';
import { textIn, type SentenceState } from '@epos/domain/poem/sentence-state';

/** The note fields readers search (the derived ones — scansion, IPA… — are not prose). */
const NOTE_FIELDS = ['motherNote', 'aurobindoNote', 'reason'] as const;

const noDocument = { sentence: null, order: null, date: null, author: null, blog: null, post: null } as const;

/** `/{book}/{canto}/{section}` in an edition (the First has no suffix), as the reader routes it. */
function sectionLink(place: { book: number; canto: number; section: number }, edition: Edition): string {
  const base = `/${place.book}/${place.canto}/${place.section}`;
  return edition === 'first' ? base : `${base}/${edition}`;
}

/** Headings come just before the sentence their part opens: a book's, then its canto's, then its section's. */
const ORDER_RANK = { book: 0, canto: 1, section: 2, sentence: 3 } as const;

/** A document's poem order: from the running number of a sentence (or of the first sentence of a part whose heading it is). */
export function poemOrder(number: number, of: keyof typeof ORDER_RANK): number {
  return number * 4 + ORDER_RANK[of];
}

/**
 * Every document of one sentence: its text per edition (an edition that has not revised it reads
 * as the First, as the reader shows it), its translations, notes and commentary entries. A
 * sentence out of the poem (withdrawn, never placed) has none.
 */
export function documentsForSentence(state: SentenceState, number: number): SearchDocument[] {
  const place = state.placement;
  if (!place) return [];
  const title = `Book ${place.book}, Canto ${place.canto}, §${place.section} — ${number}`;
  const base = { ...noDocument, sentence: state.id, order: poemOrder(number, 'sentence'), title, language: 'en' as const, link: sectionLink(place, 'first') };
  const documents: SearchDocument[] = [];
  for (const edition of editions) {
    const lines = textIn(state, edition);
    if (lines.length > 0)
      documents.push({ ...base, id: `sentence:${state.id}:${edition}`, scope: edition, text: lines.join('\n'), link: sectionLink(place, edition) });
  }
  for (const [lang, lines] of Object.entries(state.translations) as [Language, string[]][]) {
    documents.push({
      ...base,
      id: `translation:${state.id}:${lang}`,
      scope: 'translations',
      language: lang,
      title: `${title} (${languageNames[lang]})`,
      text: lines.join('\n'),
    });
  }
  for (const field of NOTE_FIELDS) {
    const text = state.fields[field];
    if (text) documents.push({ ...base, id: `note:${state.id}:${field}`, scope: 'notes', text });
  }
  for (const [layer, text] of Object.entries(state.commentary)) {
    documents.push({ ...base, id: `commentary:${state.id}:${layer}`, scope: 'commentary', text });
  }
  return documents;
}

/** A named book, canto or section, and where it starts (null while no sentence stands in it). */
export interface SearchedHeading {
  book: number;
  canto: number | null;
  section: number | null;
  name: string;
  first: { canto: number; section: number; number: number } | null;
}

/**
 * A part's name as the poem's text, in each edition: the reader shows it over the part in every
 * edition. Found where its words are searched for, it links to the part's first section (a book to
 * its first canto's). A part with no sentence yet, or an unnamed section, has none.
 */
export function documentsForHeading(heading: SearchedHeading): SearchDocument[] {
  const { book, canto, section, first } = heading;
  const name = heading.name.trim();
  if (first === null || name === '') return [];
  const of = canto === null ? 'book' : section === null ? 'canto' : 'section';
  const key = [book, canto, section].filter((n) => n !== null).join('.');
  const title = [`Book ${book}`, ...(canto === null ? [] : [`Canto ${canto}`]), ...(section === null ? [] : [`§${section}`])].join(', ');
  const start = { book, canto: first.canto, section: first.section };
  return editions.map((edition) => ({
    ...noDocument,
    id: `heading:${of[0]}${key}:${edition}`,
    scope: edition,
    language: 'en' as const,
    title,
    text: name,
    link: sectionLink(start, edition),
    order: poemOrder(first.number, of),
  }));
}

export type PostStatus = 'draft' | 'scheduled' | 'published';

/** What the search projection keeps of a post. */
export interface SearchedPost {
  postId: string;
  blogId: string;
  url: string;
  authorId: string;
  status: PostStatus;
  publishedAt: string | null;
  content: PostContent;
}

/** What it keeps of a comment: its text unsealed (null once its author's key is gone). */
export interface SearchedComment {
  commentId: string;
  parentId: string | null;
  authorId: string;
  text: string | null;
  hidden: boolean;
  createdAt: string;
}

const postLink = (post: Pick<SearchedPost, 'blogId' | 'url'>) => `/blogs/${post.blogId}/${post.url}`;

/**
 * A post's documents and its comments': none unless the post is published, its blog is not
 * archived and its author's account stands. A hidden comment takes its whole thread with it;
 * a comment of an erased account (its text unreadable) is left out.
 */
export function documentsForPost(
  post: SearchedPost,
  context: { blogArchived: boolean; erased: ReadonlySet<string> },
  comments: readonly SearchedComment[],
): SearchDocument[] {
  if (post.status !== 'published' || context.blogArchived || context.erased.has(post.authorId)) return [];
  const { title, subtitle, excerpt, markdown } = post.content;
  const shared = { ...noDocument, language: 'en' as const, link: postLink(post), author: post.authorId, blog: post.blogId, post: post.postId };
  const documents: SearchDocument[] = [
    {
      ...shared,
      id: `post:${post.postId}`,
      scope: 'posts',
      title,
      text: [subtitle, excerpt, plainText(markdown)].filter((t) => t.trim() !== '').join('\n'),
      date: post.publishedAt,
    },
  ];
  for (const comment of visibleComments(comments)) {
    if (comment.text === null || context.erased.has(comment.authorId)) continue;
    documents.push({
      ...shared,
      id: `comment:${comment.commentId}`,
      scope: 'comments',
      title: `Comment on ${title}`,
      text: plainText(comment.text),
      author: comment.authorId,
      date: comment.createdAt,
    });
  }
  return documents;
}

/** Comments neither hidden nor under a hidden one, at any depth. */
export function visibleComments(comments: readonly SearchedComment[]): SearchedComment[] {
  const byId = new Map(comments.map((c) => [c.commentId, c]));
  const visible = (comment: SearchedComment, depth = 0): boolean => {
    if (comment.hidden || depth > comments.length) return false;
    const parent = comment.parentId === null ? undefined : byId.get(comment.parentId);
    return parent === undefined || visible(parent, depth + 1);
  };
  return comments.filter((c) => visible(c));
}
