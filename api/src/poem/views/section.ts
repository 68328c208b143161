import type { Edition } from '@epos/schemas';
import type { SentenceState } from '@epos/projections/poem/sentence-state';
import type { DerivedFields } from '@epos/projections/poem/read-model';
import { bookKey, cantoKey, sectionKey, type PartMedia, type PoemStructure } from '@epos/projections/poem/structure-state';
import type { LineIndex } from '../line-index.js';
import { imageViews, lineView, type ImageView, type LineView } from './line.js';

export interface SectionRef {
  book: number;
  canto: number;
  section: number;
}

/** The spec's book/canto view response for one section, plus navigation of our own. */
export interface SectionView {
  bookNumber: number;
  bookName: string;
  cantoNumber: number;
  cantoName: string;
  Edition: Edition;
  loggedin: boolean;
  ArtistBookPdf: { Url: string; date: string } | null;
  ArtistCantoPdf: { Url: string; date: string } | null;
  ArtistBook: ImageView[];
  ArtistCanto: ImageView[];
  customSection: { SectionNumber: number; srn: string; SectionName: string; customSection: LineView[] }[];
  /** Beyond the spec: the canto's sections for the menu, the neighbours, and the commentary layers. */
  sections: { SectionNumber: number; srn: string; SectionName: string }[];
  previous: SectionRef | null;
  next: SectionRef | null;
  layers: { key: string; label: string; author: string }[];
}

const pdf = (part: PartMedia | undefined) => (part?.pdf ? { Url: part.pdf.url, date: part.pdf.date } : null);

export function sectionView(input: {
  ref: SectionRef;
  edition: Edition;
  loggedIn: boolean;
  structure: PoemStructure;
  sentences: readonly { state: SentenceState; derived: DerivedFields }[];
  index: LineIndex;
}): SectionView {
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
  [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
  [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
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
