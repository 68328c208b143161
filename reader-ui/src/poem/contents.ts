import type { ContentsResponse, SectionInfo, SectionRef } from './api';

/**
 * What the reader knows of the poem's books and cantos: the whole table of contents
 * from /api/contents, and what each section response tells (names, section lists,
 * neighbours), whichever arrives first.
 */
interface KnownCanto {
  readonly name?: string;
  readonly sections?: readonly SectionInfo[];
}

interface KnownBook {
  readonly name?: string;
  readonly cantos: Readonly<Record<number, KnownCanto>>;
}

export type Contents = Readonly<Record<number, KnownBook>>;

export interface SectionFacts {
  readonly bookNumber: number;
  readonly bookName: string;
  readonly cantoNumber: number;
  readonly cantoName: string;
  readonly sections: readonly SectionInfo[];
  readonly previous: SectionRef | null;
  readonly next: SectionRef | null;
}

function withCanto(
  contents: Contents,
  book: number,
  canto: number,
  facts?: { bookName: string; cantoName: string; sections: readonly SectionInfo[] },
): Contents {
  const known = contents[book] ?? { cantos: {} };
  const knownCanto = known.cantos[canto] ?? {};
  const nextBook: KnownBook = {
    ...known,
    ...(facts ? { name: facts.bookName } : {}),
    cantos: { ...known.cantos, [canto]: facts ? { name: facts.cantoName, sections: facts.sections } : knownCanto },
  };
  return { ...contents, [book]: nextBook };
}

/** Adds what one section response tells about the poem's layout. */
export function mergeContents(contents: Contents, facts: SectionFacts): Contents {
  let next = withCanto(contents, facts.bookNumber, facts.cantoNumber, facts);
  for (const ref of [facts.previous, facts.next]) {
    if (ref !== null) next = withCanto(next, ref.book, ref.canto);
  }
  return next;
}

/** Numbers of the known books, or of a known book's cantos, in order. */
export function numbers(record: Readonly<Record<number, unknown>>): number[] {
  return Object.keys(record)
    .map(Number)
    .sort((a, b) => a - b);
}

/** Everything /api/contents lists, added to what is known. */
export function contentsFromServer(contents: Contents, response: ContentsResponse): Contents {
  let next = contents;
  for (const book of response.books) {
    if (book.cantos.length === 0) next = { ...next, [book.book]: { ...(next[book.book] ?? { cantos: {} }), name: book.name } };
    for (const canto of book.cantos) next = withCanto(next, book.book, canto.canto, { bookName: book.name, cantoName: canto.name, sections: canto.sections });
  }
  return next;
}
