import type { LineInfoAnswer } from '@epos/schemas';
import type { Site } from '@epos/schemas/api/site';
import { editionNames, type Edition } from '@epos/schemas/poem/editions';

/** One CSL-JSON name: family and given when the name has both, else as written. */
type CslName = { family: string; given: string } | { literal: string };

/** The CSL-JSON item of one sentence: the part of the poem it is, in its edition, read on a day, at its permanent link. */
export interface CslItem {
  id: string;
  type: 'chapter';
  title: string;
  'container-title': string;
  author: CslName[];
  translator?: CslName[];
  edition: string;
  publisher: string;
  URL: string;
  accessed: { 'date-parts': [[number, number, number]] };
  note: string;
}

export interface CitedSentence {
  origin: string;
  site: Site;
  sentence: LineInfoAnswer;
  id: number;
  edition: Edition;
  /** YYYY-MM-DD */
  accessed: string;
}

/** "John Milton" → Milton, John; one word stays as written. */
function cslName(name: string): CslName {
  const words = name.trim().split(/\s+/);
  return words.length < 2 ? { literal: name.trim() } : { family: words.at(-1)!, given: words.slice(0, -1).join(' ') };
}

/**
 * A poem file's author line with its translator as poem files write them: "Dante Alighieri (tr. Henry
 * Wadsworth Longfellow)", "Dante Alighieri, translated by Henry Wadsworth Longfellow".
 */
export function creatorsOf(authorLine: string): { author: CslName; translator: CslName | null } {
  const line = authorLine.trim();
  const match = /^(.*?)\s*(?:\(\s*(?:tr\.|trans\.|translated by)\s*([^)]+)\)|[,;]?\s+(?:tr\.|trans\.|translated by)\s+(.+))$/i.exec(line);
  const author = (match?.[1] ?? line).replace(/\s*\([^)]*\)\s*/g, ' ').trim();
  const translator = (match?.[2] ?? match?.[3])?.trim();
  return { author: cslName(author || line), translator: translator ? cslName(translator) : null };
}

/** Where the sentence is, as a reader of the poem cites it: book, canto and its lines' numbers in the canto. */
export function placeOf(sentence: LineInfoAnswer): string {
  const numbers = sentence.verseLines.map((line) => line.inCantoNumber).filter((n): n is number => typeof n === 'number');
  const from = Math.min(...numbers);
  const to = Math.max(...numbers);
  const lines = numbers.length === 0 ? `sentence ${sentence.lineNumber}` : from === to ? `line ${from}` : `lines ${from}–${to}`;
  return `Book ${sentence.bookNumber}, Canto ${sentence.cantoNumber}, ${lines}`;
}

export const permanentUrl = (origin: string, id: number): string => `${origin}/s/${id}`;

/** A key BibTeX takes and a reader recognises, one per sentence: the author's family name, the poem's title and the sentence's permanent number, in ASCII letters and digits. */
function citationKey(author: CslName, poemTitle: string, id: number): string {
  const ascii = (text: string) => text.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '');
  const words = ('family' in author ? author.family : author.literal) + poemTitle.replace(/\b\w/g, (c) => c.toUpperCase());
  return `${ascii(words) || 'sentence'}${id}`;
}

export function cslItem({ origin, site, sentence, id, edition, accessed }: CitedSentence): CslItem {
  const [year, month, day] = accessed.split('-').map(Number) as [number, number, number];
  const { author, translator } = creatorsOf(site.poemAuthor);
  return {
    id: citationKey(author, site.poemTitle, id),
    type: 'chapter',
    title: placeOf(sentence),
    'container-title': site.poemTitle,
    author: [author],
    ...(translator ? { translator: [translator] } : {}),
    edition: `${editionNames[edition]} edition`,
    publisher: site.siteName,
    URL: permanentUrl(origin, id),
    accessed: { 'date-parts': [[year, month, day]] },
    note: `Sentence ${sentence.lineNumber}`,
  };
}

/** What Copy copies: the verse in quotation marks, then where it is from and its permanent link. */
export function quoteOf({ origin, site, sentence, id, edition }: CitedSentence): string {
  return `“${sentence.lines.trim()}”\n— ${site.poemAuthor}, ${site.poemTitle}, ${placeOf(sentence)} (${editionNames[edition]} edition). ${permanentUrl(origin, id)}`;
}
