/**
 * The reader app's route table: the addresses at which it shows a screen of its own, in the order
 * its router tries them (reader-ui/src/app/routes.tsx renders one route per entry, then the library's
 * catch-all and the not-found page). The library reads the same table for the first segments a page
 * may not take (library/paths.ts), so a page can never be made at an address the reader owns.
 * Zod-free: the reader app bundles it.
 */

/** One screen's addresses: a wouter path (`/s/:id`) or a pattern, and the first segments it lives under. */
export interface ReaderRoute {
  readonly path: string | RegExp;
  /** Every address the route matches begins with one of these; none for the poem's numbered addresses. */
  readonly firstSegments: readonly string[];
}

/** A wouter path: its first segment is its own (a literal, never a `:parameter`). */
function page<Path extends `/${string}`>(path: Path): ReaderRoute & { readonly path: Path } {
  const first = path.split('/')[1]!;
  if (first.startsWith(':')) throw new Error(`${path}: a reader route begins with a fixed segment`);
  return { path, firstSegments: first === '' ? [] : [first] };
}

/**
 * Addresses under some first segments: `rest` is what may follow the segment, as a pattern (`any`:
 * anything or nothing, `none`: nothing but a trailing slash).
 */
function under(firstSegments: readonly string[], rest: 'any' | 'none' | RegExp): ReaderRoute & { readonly path: RegExp } {
  const tail = rest === 'any' ? '(?:/.*)?' : rest === 'none' ? '/?' : `/${rest.source}/?`;
  return { path: new RegExp(`^/(?:${firstSegments.join('|')})${tail}$`), firstSegments };
}

/** The poem's addresses are numbers (`/12`, `/1/2/3`): the library refuses any path that begins with a digit. */
const numbered = (path: RegExp): ReaderRoute & { readonly path: RegExp } => ({ path, firstSegments: [] });

export const readerRoutes = {
  home: page('/'),
  login: page('/login'),
  register: page('/register'),
  password: page('/password'),
  account: page('/account'),
  forgotPassword: page('/forgot-password'),
  resendActivation: page('/resend-activation'),
  resetPassword: page('/reset-password'),
  confirmEmail: page('/confirm-email'),
  /** A section, in the First edition (no suffix) or another: /1/2/3, /1/2/3/revised. */
  section: numbered(/^\/\d+\/\d+\/\d+(?:\/(?:centenary|revised))?\/?$/),
  /** A sentence page: /12 (digits only, one segment). */
  sentence: numbered(/^\/\d+\/?$/),
  /** A sentence's permanent link, which finds it under whatever number it has now. */
  permanentLink: page('/s/:id'),
  /** The edition compare view: /compare/1/2/3 (?a=first&b=revised). */
  compare: under(['compare'], /\d+\/\d+\/\d+/),
  lookup: page('/lookup'),
  search: page('/search'),
  myNotes: page('/my/notes'),
  myStudy: page('/my/study'),
  /** The editors' reading plans and shared calendars: /plans, /plans/{id}. */
  plans: under(['plans'], 'any'),
  suggestions: page('/suggestions'),
  /** Blogs, their posts, series, archives, editor and lists, authors' archives, unsubscribing. */
  blogs: under(['blogs', 'user', 'schedule', 'draft', 'unsubscribe'], 'any'),
  /** The books section: /books, /books/{author}, /books/{author}/{book}. */
  books: under(['books'], 'any'),
  /** The library page editor: /newpage and /editpage?id={pageId}. */
  pageEditor: under(['newpage', 'editpage'], 'none'),
  counts: page('/counts'),
  works: under(['works'], 'any'),
  notifications: page('/notifications'),
  /** Read offline: the downloads of books, editions and translations (issue 39). */
  downloads: page('/downloads'),
} as const satisfies Record<string, ReaderRoute>;

export type ReaderRouteName = keyof typeof readerRoutes;

/** The first segments of every reader route. */
export const readerFirstSegments: readonly string[] = Object.values(readerRoutes).flatMap((route: ReaderRoute) => route.firstSegments);
