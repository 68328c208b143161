import { contentsUrl, fetchAllContents, type ContentsResponse } from '../poem/api';
import { serverAnswer } from '../ui/server-answers';
import type { Result } from '../ui/http';
import { type Edition } from '../poem/reading';
import { parseSectionPath, sectionPath } from '../ui/poem-address';
import { lastRead } from './last-read';

/** A canto in the home page's contents: its link opens its first section. */
interface HomeCanto {
  readonly canto: number;
  readonly name: string;
  readonly href: string;
}

export interface HomeBook {
  readonly book: number;
  readonly name: string;
  readonly cantos: readonly HomeCanto[];
}

/**
 * The books with their cantos, each canto linked to its first section in the edition this reader
 * last read (a canto without sections is left out).
 */
export function homeContents(books: ContentsResponse['books'], edition: Edition = 'first'): HomeBook[] {
  return books.map((book) => ({
    book: book.book,
    name: book.name,
    cantos: book.cantos.flatMap((canto) => {
      const first = Math.min(...canto.sections.map((s) => s.SectionNumber));
      return Number.isFinite(first)
        ? [{ canto: canto.canto, name: canto.name, href: sectionPath({ book: book.book, canto: canto.canto, section: first, edition }) }]
        : [];
    }),
  }));
}

/** Where "Start reading" goes: the first canto's first section (or /1/1/1 before the contents arrive). */
export function firstSectionHref(books: readonly HomeBook[] | null): string {
  return books?.[0]?.cantos[0]?.href ?? '/1/1/1';
}

/** Text split into paragraphs at blank lines. */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** Every book with its cantos: GET /api/contents, then each book's /api/contents/{book} at once. */
export async function loadHomeContents(): Promise<Result<HomeBook[]>> {
  const books = await fetchAllContents();
  if (!books.ok) return books;
  const last = lastRead();
  const edition = last === null ? 'first' : (parseSectionPath(last.path)?.edition ?? 'first');
  return { ...books, data: homeContents(books.data, edition) };
}

/** The books with their cantos from the answers the server rendered the home page with (in the First edition: the server knows no reader's last edition). */
export function servedHomeContents(): HomeBook[] | undefined {
  const index = serverAnswer<ContentsResponse>(contentsUrl());
  const books = index?.books.map((b) => serverAnswer<ContentsResponse>(contentsUrl(b.book)));
  if (!books || books.some((b) => b === undefined)) return undefined;
  return homeContents(books.flatMap((b) => b?.books ?? []));
}
