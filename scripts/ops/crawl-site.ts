/**
 * Walks a running site's API as a reader would (contents, sections, sentences, blogs, posts,
 * comments, feeds, pages, books, search, media) and answers the hash of every answer, so that two
 * sites can be compared URL by URL. Read-only: only GET requests.
 */
import { createHash } from 'node:crypto';

export interface CrawlIdentity {
  name: string;
  /** The Cookie header of a signed-in session; none for an anonymous reader. */
  cookie?: string;
  /** Fetched as this identity, without walking further. */
  own?: readonly string[];
}

/** Where an anonymous walk starts. */
const STARTS = [
  '/api/site',
  '/api/contents',
  '/api/blogs',
  '/api/blogs/recent',
  '/api/series',
  '/api/books',
  '/api/library/menus',
  '/api/recents',
  '/api/count/cantos?from=1&to=99',
  '/api/v2/search?q=lamp',
  '/api/v2/search?q=evening%20river',
  '/api/v2/search/suggest?q=lam',
];

type Follow = (answer: unknown, path: string) => string[];

/** From an answer of a matching path, the paths it leads to. */
const FOLLOW: readonly [RegExp, Follow][] = [
  [/^\/api\/contents$/, (answer) => valuesOf(answer, 'book').map((b) => `/api/contents/${b}`)],
  [/^\/api\/contents\/\d+$/, (answer) => sectionsOf(answer).flatMap((s) => [`/api/sbook/${s}`, `/api/compare/${s}?a=first&b=revised`])],
  [
    /^\/api\/sbook\//,
    (answer) => valuesOf(answer, 'lineNumber').flatMap((n) => [`/api/lineinfo/${n}`, `/api/relation/${n}`, `/api/history/sentence/${n}`, `/api/s/${n}`]),
  ],
  [
    /^\/api\/blogs$/,
    (answer) => valuesOf(answer, 'slug').flatMap((b) => ['', '/feed', '/feed?format=atom', '/archive', '/toc', '/series'].map((s) => `/api/blogs/${b}${s}`)),
  ],
  [
    /^\/api\/blogs\/[^/?]+$/,
    (answer, path) => [
      ...valuesOf(answer, 'url').map((post) => `${path}/${post}`),
      ...valuesOf(answer, 'id').map((id) => `/api/comments/${id}`),
      ...valuesOf(answer, 'authorId').map((id) => `/api/user/${id}`),
    ],
  ],
  [
    /^\/api\/series$/,
    (answer) =>
      (Array.isArray(answer) ? answer : []).flatMap((blog: { slug?: unknown }) =>
        valuesOf(blog, 'slug')
          .filter((s) => s !== blog.slug)
          .map((s) => `/api/blogs/${String(blog.slug)}/series/${s}`),
      ),
  ],
  [
    /^\/api\/books$/,
    (answer) =>
      (Array.isArray(answer) ? answer : []).flatMap((a: { Urlslug?: unknown }) => [
        `/api/books/${String(a.Urlslug)}`,
        ...valuesOf(a, 'BookSlug').map((b) => `/api/booksnew/${String(a.Urlslug)}/${b}`),
      ]),
  ],
  [/^\/api\/library\/menus$/, (answer) => valuesOf(answer, 'url').map((url) => `/api${url}`)],
  [/^\/api\/recents$/, (answer) => valuesOf(answer, 'userId').map((id) => `/api/profile/${id}`)],
];

/** Enough to cover the demo site and a few writes, not so many that a test waits on it. */
const MAX_PATHS = 1500;

/**
 * `identity path` → `status sha256`: the anonymous walk, then each signed-in identity's own
 * paths. Bodies of answers other than 200 are not compared (they carry a request id), and the
 * site's own address is taken out of bodies (feeds name it).
 */
export async function crawlSite(base: string, identities: readonly CrawlIdentity[]): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  const queue = [...STARTS];
  const seen = new Set(queue);
  while (queue.length > 0 && seen.size <= MAX_PATHS) {
    const path = queue.shift()!;
    const { status, hash, json } = await fetchAnswer(base, path);
    answers.set(`anonymous ${path}`, `${status} ${hash}`);
    if (json === undefined) continue;
    const next = FOLLOW.filter(([pattern]) => pattern.test(path)).flatMap(([, follow]) => follow(json, path));
    for (const found of [...next, ...mediaPathsIn(json)]) {
      if (seen.has(found)) continue;
      seen.add(found);
      queue.push(found);
    }
  }
  for (const identity of identities) {
    for (const path of identity.own ?? []) {
      const { status, hash } = await fetchAnswer(base, path, identity.cookie);
      answers.set(`${identity.name} ${path}`, `${status} ${hash}`);
    }
  }
  return answers;
}

async function fetchAnswer(base: string, path: string, cookie?: string): Promise<{ status: number; hash: string; json?: unknown }> {
  const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(15_000) });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) return { status: response.status, hash: '-' };
  const type = response.headers.get('content-type') ?? '';
  const textual = /json|xml|text/.test(type);
  const body = textual ? Buffer.from(bytes.toString('utf8').replaceAll(base, 'BASE')) : bytes;
  const hash = createHash('sha256').update(body).digest('hex');
  if (!type.includes('json')) return { status: response.status, hash };
  return { status: response.status, hash, json: JSON.parse(body.toString('utf8')) as unknown };
}

/** Every value of a property of this name, at any depth, as a path segment. */
function valuesOf(json: unknown, key: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === key && (typeof v === 'string' || typeof v === 'number')) found.push(encodeURIComponent(String(v)).replaceAll('%2F', '/'));
        else visit(v);
      }
    }
  };
  visit(json);
  return found;
}

/** `book/canto/section` of every section in a table of contents. */
function sectionsOf(answer: unknown): string[] {
  const books = (answer as { books?: { book: number; cantos: { canto: number; sections: { SectionNumber: number }[] }[] }[] }).books ?? [];
  return books.flatMap((b) => b.cantos.flatMap((c) => c.sections.map((s) => `${b.book}/${c.canto}/${s.SectionNumber}`)));
}

/** Media files an answer links to (images, audio, PDFs). */
function mediaPathsIn(json: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string' && value.startsWith('/media/')) found.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(json);
  return found;
}
