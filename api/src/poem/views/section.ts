import type { Edition, SectionAnswer, SectionRefAnswer } from '@epos/schemas';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import type { DerivedFields } from '@epos/projections/poem/read-model';
import { bookKey, cantoKey, sectionKey, type PartMedia, type PoemStructure } from '@epos/domain/poem/structure-state';
import type { LineIndex } from '@epos/projections/poem/line-index';
import { imageViews, lineView } from './line.js';

export type SectionRef = SectionRefAnswer;

const pdf = (part: PartMedia | undefined) => (part?.pdf ? { Url: part.pdf.url, date: part.pdf.date } : null);

/** The spec's book/canto view response for one section, plus navigation of our own. */
export function sectionView(input: {
  ref: SectionRef;
  edition: Edition;
  loggedIn: boolean;
  structure: PoemStructure;
  sentences: readonly { state: SentenceState; derived: DerivedFields }[];
  index: LineIndex;
}): SectionAnswer {
  const { ref, structure, index } = input;
  const book = structure.books[bookKey(ref.book)];
  const canto = structure.cantos[cantoKey(ref.book, ref.canto)];
  const sectionName = (s: number) => structure.sections[sectionKey(ref.book, ref.canto, s)]?.name ?? '';
  const sectionNumbers = index.sectionsOf.get(`${ref.book}.${ref.canto}`) ?? [];
  return {
    bookNumber: ref.book,
    bookName: book?.name ?? '',
    cantoNumber: ref.canto,
    cantoName: canto?.name ?? '',
    Edition: input.edition,
    loggedin: input.loggedIn,
    ArtistBookPdf: pdf(book),
    ArtistCantoPdf: pdf(canto),
    ArtistBook: imageViews(book?.images),
    ArtistCanto: imageViews(canto?.images),
    customSection: [
      {
        SectionNumber: ref.section,
        srn: roman(ref.section),
        SectionName: sectionName(ref.section),
        customSection: input.sentences.map((s) => lineView(s.state, s.derived, input.edition, index.bySentence.get(s.state.sentence))),
      },
    ],
    sections: sectionNumbers.map((s) => ({ SectionNumber: s, srn: roman(s), SectionName: sectionName(s) })),
    ...neighbours(index, ref),
    layers: Object.entries(structure.layers)
      .sort(([, a], [, b]) => a.order - b.order)
      .map(([key, l]) => ({ key, label: l.label, author: l.author })),
  };
}

function neighbours(index: LineIndex, ref: SectionRef): { previous: SectionRef | null; next: SectionRef | null } {
  const all: SectionRef[] = [];
  for (const [key, sections] of index.sectionsOf) {
    const [book, canto] = key.split('.').map(Number) as [number, number];
    for (const section of sections) all.push({ book, canto, section });
  }
  const at = all.findIndex((r) => r.book === ref.book && r.canto === ref.canto && r.section === ref.section);
  return { previous: at > 0 ? all[at - 1]! : null, next: at >= 0 && at < all.length - 1 ? all[at + 1]! : null };
}

const NUMERALS: [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

/** `srn`: the section number as a Roman numeral. */
export function roman(n: number): string {
  let rest = n;
  let out = '';
  for (const [value, numeral] of NUMERALS) {
    while (rest >= value) {
      out += numeral;
      rest -= value;
    }
  }
  return out;
}
