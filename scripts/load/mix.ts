/**
 * The load run's scenario, shared by `npm run load` (the files beside this one) and the k6 script
 * (./k6/reading-mix.ts): which ids exist (read from the API first), what readers read and in what
 * proportion, what the writers write. Pure: no Node and no k6 modules, so both can import it.
 */

interface SectionRef {
  book: number;
  canto: number;
  section: number;
}

interface PostRef {
  blog: string;
  url: string;
  id: string;
}

/** Real ids and words of the site under load. */
export interface Catalogue {
  sections: SectionRef[];
  sentences: number[];
  /** Sentences with a commentary layer's entry: the works a reader opens. */
  commentary: { layer: string; sentence: number }[];
  blogs: string[];
  posts: PostRef[];
  searchWords: string[];
  dictionaryWords: string[];
}

/** An answer as the driver of `discoverCatalogue` got it: the status and the parsed JSON (null when not JSON). */
export interface Answer {
  status: number;
  body: unknown;
}

const EDITIONS = ['first', 'centenary', 'revised'] as const;
const LANGUAGES = ['sa', 'hi', 'fr', 'de', 'or', 'zh'] as const;
const SEARCH_SCOPES = ['first', 'revised', 'notes', 'posts'] as const;
const SEARCH_WORDS = 40;
const DICTIONARY_WORDS = 60;

interface ContentsAnswer {
  books: { book: number; cantos: { canto: number; sections: { SectionNumber: number }[] }[] }[];
}
interface SectionAnswer {
  customSection: { customSection: { lineNumber: number; lines: string; commentary: Record<string, string> }[] }[];
}
interface BlogPageAnswer {
  bcontent: { id: string; url: string; blog: string }[];
  Paging: { CurrentPage: number; TotalPagesCount: number };
}

function ok<T>(answer: Answer, path: string): T {
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status} while reading the site's ids`);
  return answer.body as T;
}

/**
 * Reads the catalogue from the API: yields each path to GET and takes its answer back, so that
 * Node (awaiting fetch) and k6 (its synchronous http.get) drive the same steps. Dictionary words
 * are kept only where WordNet has an entry: a reader clicks words of the verse, and the run counts
 * every 404 as an error.
 */
export function* discoverCatalogue(): Generator<string, Catalogue, Answer> {
  const get = function* <T>(path: string): Generator<string, T, Answer> {
    return ok<T>(yield path, path);
  };
  const sections: SectionRef[] = [];
  for (const { book } of (yield* get<ContentsAnswer>('/api/contents')).books) {
    for (const { cantos } of (yield* get<ContentsAnswer>(`/api/contents/${book}`)).books) {
      for (const { canto, sections: inCanto } of cantos) for (const { SectionNumber } of inCanto) sections.push({ book, canto, section: SectionNumber });
    }
  }
  const sentences: number[] = [];
  const words: string[] = [];
  const commentary: Catalogue['commentary'] = [];
  for (const { book, canto, section } of sections) {
    const answer = yield* get<SectionAnswer>(`/api/sbook/${book}/${canto}/${section}`);
    for (const part of answer.customSection) {
      for (const line of part.customSection) {
        sentences.push(line.lineNumber);
        commentary.push(...Object.keys(line.commentary).map((layer) => ({ layer, sentence: line.lineNumber })));
        words.push(...(line.lines.toLowerCase().match(/\p{L}{4,}/gu) ?? []));
      }
    }
  }
  const blogs = (yield* get<{ slug: string }[]>('/api/blogs')).map((blog) => blog.slug);
  const posts: PostRef[] = [];
  for (const blog of blogs) {
    for (let page = 1, pages = 1; page <= pages; page++) {
      const answer = yield* get<BlogPageAnswer>(`/api/blogs/${blog}?page=${page}`);
      pages = answer.Paging.TotalPagesCount;
      posts.push(...answer.bcontent.map((post) => ({ blog, url: post.url, id: post.id })));
    }
  }
  const distinct = [...new Set(words)];
  const dictionaryWords: string[] = [];
  for (const word of distinct) {
    if (dictionaryWords.length >= DICTIONARY_WORDS) break;
    if ((yield `/api/dict/${encodeURIComponent(word)}`).status === 200) dictionaryWords.push(word);
  }
  if (sentences.length === 0 || posts.length === 0 || dictionaryWords.length === 0)
    throw new Error('the site has no sentences, published posts or dictionary words to read');
  return { sections, sentences, commentary, blogs, posts, searchWords: distinct.slice(0, SEARCH_WORDS), dictionaryWords };
}

/** One read: `route` names it in the figures (the route's pattern), `path` is what is asked. */
export interface Read {
  route: string;
  path: string;
}

type Pick = <T>(items: readonly T[]) => T;

interface ReadKind {
  route: string;
  /** Out of the weights of the reader's kinds. */
  weight: number;
  signedInOnly?: boolean;
  /** Whether the site has anything of this kind to read (the worksection needs commentary). */
  when?: (catalogue: Catalogue) => boolean;
  path: (catalogue: Catalogue, pick: Pick) => string;
}

const sectionPath = ({ book, canto, section }: SectionRef) => `${book}/${canto}/${section}`;
const word = (words: readonly string[], pick: Pick) => encodeURIComponent(pick(words));

/**
 * What a reader asks for, weighted as people read: mostly sections (in every edition, and their
 * translations) and sentence pages, then blogs, feeds, search and the dictionary. Signed-in
 * readers also ask for their notes on a sentence and their unread count.
 */
const READ_KINDS: readonly ReadKind[] = [
  {
    route: 'GET /api/sbook/:book/:canto/:section?edition',
    weight: 22,
    path: (c, pick) => `/api/sbook/${sectionPath(pick(c.sections))}?edition=${pick(EDITIONS)}`,
  },
  {
    route: 'GET /api/translation/:book/:canto/:section?lang',
    weight: 8,
    path: (c, pick) => `/api/translation/${sectionPath(pick(c.sections))}?lang=${pick(LANGUAGES)}`,
  },
  { route: 'GET /api/contents', weight: 3, path: () => '/api/contents' },
  { route: 'GET /api/contents/:book', weight: 3, path: (c, pick) => `/api/contents/${pick(c.sections).book}` },
  { route: 'GET /api/lineinfo/:n', weight: 10, path: (c, pick) => `/api/lineinfo/${pick(c.sentences)}` },
  { route: 'GET /api/history/sentence/:n', weight: 3, path: (c, pick) => `/api/history/sentence/${pick(c.sentences)}` },
  { route: 'GET /api/translate/:n?lang', weight: 3, path: (c, pick) => `/api/translate/${pick(c.sentences)}?lang=${pick(LANGUAGES)}` },
  { route: 'GET /api/getColorRelation/:n', weight: 2, path: (c, pick) => `/api/getColorRelation/${pick(c.sentences)}` },
  { route: 'GET /api/worksection/:layer/:n', weight: 2, when: (c) => c.commentary.length > 0, path: (c, pick) => worksPath(pick(c.commentary)) },
  { route: 'GET /api/blogs', weight: 3, path: () => '/api/blogs' },
  { route: 'GET /api/blogs/recent', weight: 3, path: () => '/api/blogs/recent' },
  { route: 'GET /api/blogs/:blog', weight: 4, path: (c, pick) => `/api/blogs/${pick(c.blogs)}?page=1` },
  { route: 'GET /api/blogs/:blog/:post', weight: 8, path: (c, pick) => postPath(pick(c.posts)) },
  { route: 'GET /api/comments/:post', weight: 4, path: (c, pick) => `/api/comments/${pick(c.posts).id}` },
  { route: 'GET /api/blogs/:blog/feed (rss)', weight: 2, path: (c, pick) => `/api/blogs/${pick(c.blogs)}/feed` },
  { route: 'GET /api/blogs/:blog/feed?format=atom', weight: 2, path: (c, pick) => `/api/blogs/${pick(c.blogs)}/feed?format=atom` },
  { route: 'GET /api/v2/search?q&t', weight: 5, path: (c, pick) => `/api/v2/search?q=${word(c.searchWords, pick)}&t=${pick(SEARCH_SCOPES)}` },
  { route: 'GET /api/v2/search/suggest?q', weight: 2, path: (c, pick) => `/api/v2/search/suggest?q=${encodeURIComponent(pick(c.searchWords).slice(0, 3))}` },
  { route: 'GET /api/dict/:word', weight: 5, path: (c, pick) => `/api/dict/${word(c.dictionaryWords, pick)}` },
  { route: 'GET /postdata/getmynotes/:line', weight: 3, signedInOnly: true, path: (c, pick) => `/postdata/getmynotes/${pick(c.sentences)}` },
  { route: 'GET /api/notifications/unread', weight: 3, signedInOnly: true, path: () => '/api/notifications/unread' },
];

function worksPath({ layer, sentence }: Catalogue['commentary'][number]): string {
  return `/api/worksection/${encodeURIComponent(layer)}/${sentence}`;
}

function postPath({ blog, url }: PostRef): string {
  return `/api/blogs/${blog}/${url}`;
}

/** Every route the readers ask, as `Read.route` names it. */
export const READ_ROUTES: readonly string[] = READ_KINDS.map((kind) => kind.route);

/** Draws reads for an anonymous or a signed-in reader from `random` (numbers in [0, 1)). */
export function readingMix(catalogue: Catalogue, random: () => number, signedIn: boolean): () => Read {
  const kinds = READ_KINDS.filter((kind) => (signedIn || !kind.signedInOnly) && (kind.when?.(catalogue) ?? true));
  const total = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  const pick: Pick = (items) => items[Math.floor(random() * items.length)]!;
  return () => {
    let left = random() * total;
    const kind = kinds.find((candidate) => (left -= candidate.weight) < 0) ?? kinds.at(-1)!;
    return { route: kind.route, path: kind.path(catalogue, pick) };
  };
}

/** A reader's pause between two requests: uniform in [0, 2 × mean) ms. */
export const thinkTime = (meanMs: number, random: () => number): number => random() * 2 * meanMs;

export const READER_THINK_MS = 100;
export const WRITER_THINK_MS = 1_000;
/** The share of virtual readers signed in (as the demo reader). */
export const SIGNED_IN_SHARE = 0.3;

export const DEMO_ACCOUNTS = {
  reader: { userName: 'reader', password: 'demo-reader-password' },
  blogger: { userName: 'blogger', password: 'demo-blogger-password' },
} as const;

/** The blogger's post under edit: the demo's own. */
export const EDITED_POST = { blog: 'reading-notes', url: 'on-reading-aloud' } as const;

export type WriterRole = 'notes' | 'comments' | 'blogger';

/** The writers' roles in turn: writer i takes `WRITER_ROLES[i % 5]`, but there is one blogger however many write. */
const WRITER_ROLES: readonly WriterRole[] = ['notes', 'comments', 'blogger', 'notes', 'comments'];

export function writerRole(i: number): WriterRole {
  const role = WRITER_ROLES[i % WRITER_ROLES.length]!;
  // Two bloggers editing the one post would refuse each other's revisions (409).
  return role === 'blogger' && i >= WRITER_ROLES.length ? 'notes' : role;
}

/** The writers' routes, as the figures name them. */
export const WRITE_ROUTES = {
  note: 'POST /postdata/myNotes',
  comment: 'POST /postdata/comment/:post',
  autosave: 'POST /postdata/autosave',
  update: 'POST /postdata/update',
} as const;

export const noteBody = (n: number, sentence: number) => ({
  Content: `Load note ${n}: the caesura falls after the fourth foot.`,
  Sentencenumber: sentence,
  Rtype: 'load',
});

export const commentBody = (n: number) => ({ cm: `Load comment ${n}: read ||1|| aloud and the pause is plain.` });

/** The post as /postdata/edit answers it, as far as an edit needs. */
export interface EditedPost {
  id: string;
  blog_id: string;
  title: string;
  subtitle: string;
  series_title: string;
  excerpt: string;
  md_content: string;
  revision: number;
}

/** The blogger's n-th edit: the text alternates between two versions of the same length, so the post does not grow. */
export function postEdit(n: number, post: EditedPost): { autosave: object; update: object } {
  const md_content = `${post.md_content.replace(/\n\nRevised in pass \d+\.$/, '')}\n\nRevised in pass ${n % 10}.`;
  return {
    autosave: { id: post.id, title: post.title, subtitle: post.subtitle, series_title: post.series_title, excerpt: post.excerpt, md_content },
    update: {
      id: post.id,
      revision: post.revision,
      blog_id: post.blog_id,
      title: post.title,
      subtitle: post.subtitle,
      series_title: post.series_title,
      excerpt: post.excerpt,
      md_content,
      status: 0,
    },
  };
}
