import { NO_BOOK } from '../ui/messages';
import { getJson, type ReadOptions, type Result } from '../ui/http';
import { serverAnswer, servedResult } from '../ui/server-answers';
import type { Lang } from './reading';
import type { SectionAddress } from '../ui/poem-address';
import { sectionKey } from '../ui/poem-address';
import { withAsOfParam } from './scholarship/as-of';
import { sectionReadUrl, translationReadUrl } from '@epos/schemas/poem/reader-urls';
import type { Site } from '@epos/schemas/api/site';
import type {
  ColouredRelationsAnswer,
  CommentaryLayerAnswer,
  ContentsAnswer,
  LineAnswer,
  LineInfoAnswer,
  SectionAnswer,
  SectionNameAnswer,
  SectionRefAnswer,
  SentenceIdentityAnswer,
  TranslationAnswer,
} from '@epos/schemas/poem/responses';

/** The reading API (docs/poem-api.md), typed by the server's response schemas. */

/**
 * A sentence as the reader reads it: from a section, or from /api/lineinfo, which adds where it
 * stands. Beyond its number, stanza and text, it copes with any field being absent.
 */
export type Line = Pick<LineAnswer, 'lineNumber' | 'stanzaNumber' | 'lines'> & Partial<LineInfoAnswer>;
export type SectionRef = SectionRefAnswer;
export type SectionInfo = SectionNameAnswer;
export type Layer = CommentaryLayerAnswer;
export type SectionBook = SectionAnswer;
export type Translation = TranslationAnswer;
export type SiteInfo = Site;

/** A read whose 404 says `notFound` ('No book found', 'Not Found'). */
const read = <T>(url: string, notFound: string, signal?: AbortSignal, options: ReadOptions = {}): Promise<Result<T>> =>
  getJson<T>(url, { ...options, signal, notFound });

const sectionUrl = (address: SectionAddress): string => sectionReadUrl(address.book, address.canto, address.section, address.edition);

const translationUrl = (ref: SectionRef, lang: Lang): string => translationReadUrl(ref.book, ref.canto, ref.section, lang);

export function lineInfoUrl(n: number): string {
  return `/api/lineinfo/${n}`;
}

/** Sections already read this visit: going back to one shows it at once (and revalidates). */
const sectionCache = new Map<string, SectionBook>();
const translationCache = new Map<string, readonly Translation[]>();

/** `asOf` (YYYY-MM-DD) reads the section as it stood on that day. */
export function cachedSection(address: SectionAddress, asOf: string | null = null): SectionBook | undefined {
  return sectionCache.get(`${sectionKey(address)}@${asOf ?? ''}`) ?? (asOf === null ? serverAnswer<SectionBook>(sectionUrl(address)) : undefined);
}

export async function fetchSection(address: SectionAddress, signal?: AbortSignal, asOf: string | null = null): Promise<Result<SectionBook>> {
  const url = asOf ? `${sectionUrl(address)}&asOf=${encodeURIComponent(asOf)}` : sectionUrl(address);
  const result = await read<SectionBook>(url, NO_BOOK, signal);
  if (result.ok) sectionCache.set(`${sectionKey(address)}@${asOf ?? ''}`, result.data);
  return result;
}

export function cachedTranslation(ref: SectionRef, lang: Lang): readonly Translation[] | undefined {
  const url = translationUrl(ref, lang);
  return translationCache.get(url) ?? serverAnswer<readonly Translation[]>(url);
}

export async function fetchTranslation(ref: SectionRef, lang: Lang, signal?: AbortSignal): Promise<Result<readonly Translation[]>> {
  const url = translationUrl(ref, lang);
  const result = await read<readonly Translation[]>(url, NO_BOOK, signal);
  if (result.ok) translationCache.set(url, result.data);
  return result;
}

/**
 * Reads a section's translation again after an edit, past the cache; `position` (the
 * save's X-Position) makes the server answer only once the edit can be read.
 */
export async function refreshTranslation(ref: SectionRef, lang: Lang, position: string | null): Promise<Result<readonly Translation[]>> {
  const url = translationUrl(ref, lang);
  const result = await read<readonly Translation[]>(url, NO_BOOK, undefined, { fresh: true, after: position });
  if (result.ok) translationCache.set(url, result.data);
  return result;
}

/** One sentence; with `asOf`, the sentence that had number `n` on that day, as it is now. */
export function fetchLineInfo(n: number, signal?: AbortSignal, asOf?: string | null): Promise<Result<LineInfoAnswer>> {
  return read<LineInfoAnswer>(withAsOfParam(lineInfoUrl(n), asOf ?? null), 'Not Found', signal);
}

/** GET /api/getColorRelation/{n}: the sentence's Sanskrit–English word relations with their colour classes. */
export function fetchColouredRelations(n: number, signal?: AbortSignal): Promise<Result<ColouredRelationsAnswer>> {
  return read<ColouredRelationsAnswer>(`/api/getColorRelation/${n}`, 'Not Found', signal);
}

/** Where a permanent id stands now (`sentence` null once withdrawn). */
export type SentenceIdentity = SentenceIdentityAnswer;

export const sentenceIdentityUrl = (id: number): string => `/api/s/${id}`;

export function fetchSentenceIdentity(id: number, signal?: AbortSignal): Promise<Result<SentenceIdentity>> {
  return read<SentenceIdentity>(sentenceIdentityUrl(id), 'No sentence has this permanent link', signal);
}

export const SITE_URL = '/api/site';

let siteInfo: Promise<Result<SiteInfo>> | null = null;

/** GET /api/site, once per page load (a failure is retried next time). */
export function fetchSite(): Promise<Result<SiteInfo>> {
  const served = serverAnswer<SiteInfo>(SITE_URL);
  if (served !== undefined) return Promise.resolve(servedResult(served));
  siteInfo ??= read<SiteInfo>(SITE_URL, 'Not Found').then((result) => {
    if (!result.ok) siteInfo = null;
    return result;
  });
  return siteInfo;
}

/** The contents as the menu reads them (without the canto counts). */
export interface ContentsResponse {
  readonly books: readonly Omit<ContentsAnswer['books'][number], 'cantoCount'>[];
}

export const contentsUrl = (book?: number): string => (book === undefined ? '/api/contents' : `/api/contents/${book}`);

const contents = new Map<string, Promise<Result<ContentsResponse>>>();

/**
 * GET /api/contents (the books) or /api/contents/{book} (a book's cantos and sections), each
 * once per page load (a failure is retried next time).
 */
export function fetchContents(book?: number): Promise<Result<ContentsResponse>> {
  const url = contentsUrl(book);
  const served = serverAnswer<ContentsResponse>(url);
  if (served !== undefined) return Promise.resolve(servedResult(served));
  let loading = contents.get(url);
  if (!loading) {
    loading = read<ContentsResponse>(url, 'Not Found').then((result) => {
      if (!result.ok) contents.delete(url);
      return result;
    });
    contents.set(url, loading);
  }
  return loading;
}

/** Every book with its cantos: GET /api/contents, then each book's /api/contents/{book} at once. */
export async function fetchAllContents(): Promise<Result<ContentsResponse['books']>> {
  const index = await fetchContents();
  if (!index.ok) return index;
  const books = await Promise.all(index.data.books.map((b) => fetchContents(b.book)));
  const failed = books.find((b) => !b.ok);
  if (failed && !failed.ok) return failed;
  return { ...index, data: books.flatMap((b) => (b.ok ? b.data.books : [])) };
}
