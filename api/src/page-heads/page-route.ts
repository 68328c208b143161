import type { Site } from '@epos/schemas/api/site';
import type { ShareCardContent } from '@epos/schemas';
import type { Language } from '@epos/schemas/poem/editions';
import type { PageHead } from './head-tags.js';

/** The read models a page is made from; `home` is the poem's and the blogs' at once. */
export type PageReads = 'poem' | 'blogs' | 'books' | 'library' | 'home';

/** One kind of address with a page of its own: its pattern, what it is made from, its cache key, its head and its body's answers. */
export interface PageRoute {
  pattern: RegExp;
  reads: PageReads;
  /** What the page depends on in the address; null: not a page of this kind after all. */
  key(match: RegExpExecArray): string | null;
  head(match: RegExpExecArray): Promise<PageHead | null>;
  /** Where the reader app renders its body on the server: the API answers that body reads (for the translations the address asks for). */
  answers?(match: RegExpExecArray, languages: readonly Language[]): string[] | Promise<string[]>;
  /** What its share card shows (`page`: the address it is of; `query`: the address's query): where absent, the head's title and description. */
  card?(match: RegExpExecArray, page: string, query: URLSearchParams): Promise<ShareCardContent | null>;
}

/** What the route tables make their pages with: the site's address and the API's own answers. */
export interface PageSources {
  readonly origin: string;
  read<T>(url: string): Promise<T | null>;
  /** A head made with the site's names; null without them. */
  withSite(head: (site: Site) => PageHead | null | Promise<PageHead | null>): Promise<PageHead | null>;
}

/** An address segment as the reader app puts it in an API URL (decoded, then encoded); null when it is malformed. */
export function segment(raw: string): string | null {
  try {
    return encodeURIComponent(decodeURIComponent(raw));
  } catch {
    return null;
  }
}
