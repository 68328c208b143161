/**
 * npm run generate -- --sentences 25000 [--out file]                  (JSON exchange format)
 * npm run generate -- --lines 200000 --format text [--out file]       (plain-text format, first edition)
 * Writes a synthetic poem for benchmarks: in the JSON exchange format, that many sentences; in
 * the plain-text format (api/src/poem/import/text/README.md), that many verse lines.
 * Deterministic: the same size gives the same file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PoemFile } from '@epos/schemas';

const WORDS = (
  'light dawn fire night silence world soul earth sky sea god flame star dream word path mind heart ' +
  'slow deep vast still bright dark golden silver eternal hidden ancient sacred lonely secret wide ' +
  'rose fell moved woke burned sang turned passed grew stood leaned broke climbed waited opened ' +
  'across beyond beneath within above toward upon against through under over into'
).split(' ');

/** A seeded linear congruential generator: the same seed gives the same poem. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

export function generatePoem(sentences: number, seed = 7): PoemFile {
  const random = seeded(seed);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const line = (last: boolean) => {
    const words = Array.from({ length: 7 + Math.floor(random() * 4) }, pick);
    words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
    return `${words.join(' ')}${last ? '.' : ','}`;
  };
  const books = Math.max(1, Math.round(sentences / 2000));
  const perSection = 60;
  const file: PoemFile = { format: 'epos-poem', version: 1, books: [] };
  let n = 0;
  let stanza = 0;
  for (let b = 1; b <= books && n < sentences; b++) {
    const book: PoemFile['books'][number] = { book: b, name: `Book of ${pick()} and ${pick()}`, cantos: [] };
    file.books.push(book);
    const bookEnd = b === books ? sentences : Math.min(sentences, Math.round((sentences / books) * b));
    for (let c = 1; n < bookEnd; c++) {
      const canto: PoemFile['books'][number]['cantos'][number] = { canto: c, name: `The ${pick()} ${pick()}`, sections: [] };
      book.cantos.push(canto);
      for (let s = 1; s <= 4 && n < bookEnd; s++) {
        const section: PoemFile['books'][number]['cantos'][number]['sections'][number] = { section: s, sentences: [] };
        canto.sections.push(section);
        for (let i = 0; i < perSection && n < bookEnd; i++) {
          n++;
          if (i % 4 === 0) stanza++;
          const count = 1 + Math.floor(random() * 3);
          const first = Array.from({ length: count }, (_, k) => line(k === count - 1));
          const text: Record<string, string[]> = { first };
          if (n % 37 === 0) text.revised = [...first.slice(0, -1), line(true)];
          section.sentences.push({ sentence: n, stanza, text });
        }
      }
    }
  }
  return file;
}

const NOUNS = (
  'light dawn fire night silence world soul earth sky sea god flame star dream word path mind heart ' +
  'sun moon river stone wind shore gate veil field mountain forest ocean spirit voice hour shadow wave ' +
  'power peace truth joy grief fate home breath eye hand face wing cloud rain throne temple bridge'
).split(' ');
const ADJECTIVES =
  'slow deep vast still bright dark golden silver eternal hidden ancient sacred lonely secret wide silent distant tender fierce pale endless'.split(' ');
const VERBS = 'rose fell moved woke burned sang turned passed grew stood leaned broke climbed waited opened shone slept called wandered trembled'.split(' ');
const PREPOSITIONS = 'across beyond beneath within above toward upon against through under over into along behind'.split(' ');
const DETERMINERS = 'the the the the her his their our each some no'.split(' ');
const OPENERS = ['And then', 'But', 'Then', 'Yet', 'So', 'And'];
const SAINTS = 'Michael Agnes Anne Bride Columba Martin Jerome Catherine'.split(' ');
const TITLED = 'Fire Silence Dawn Night Sea Star Word Path Flame Soul'.split(' ');
const ROMAN = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];

export interface PoemText {
  text: string;
  /** Verse lines written (headings, header, comments and blank lines not counted). */
  verseLines: number;
  /** Sentences the plain-text parser finds in it. */
  sentences: number;
  books: number;
  /** Stanzas in the file (stanzas run through the poem). */
  stanzas: number;
  /** Every section, in order. */
  sections: { book: number; canto: number; section: number }[];
}

/**
 * A synthetic first edition in the plain-text format, `lines` verse lines long, that reads like
 * verse: books of eight cantos (numbered in Roman numerals) of four sections of 80-160 lines,
 * stanzas of 2-8 lines, sentences of one to a dozen lines running over line ends and across
 * stanza breaks, some ending mid-line (`… the night. And then the`), a few `St. Agnes's gate`
 * (an abbreviation whose dot ends nothing) and `O flame! how …` (a `!` that ends nothing), and
 * every section closing its last sentence. Counts what the parser must find in it.
 */
export function generatePoemText(lines: number, seed = 7): PoemText {
  const random = seeded(seed);
  const pickFrom = (list: readonly string[]) => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const nounPhrase = () => `${pickFrom(DETERMINERS)} ${chance(0.5) ? `${pickFrom(ADJECTIVES)} ` : ''}${pickFrom(NOUNS)}`;
  const place = () => (chance(0.02) ? `${pickFrom(PREPOSITIONS)} St. ${pickFrom(SAINTS)}'s ${pickFrom(NOUNS)}` : `${pickFrom(PREPOSITIONS)} ${nounPhrase()}`);
  /** One clause of verse, lower case: "the golden light rose across the sea". */
  const clause = (): string => {
    const roll = random();
    if (roll < 0.35) return `${nounPhrase()} ${pickFrom(VERBS)} ${place()}`;
    if (roll < 0.55) return `${place()} ${nounPhrase()} ${pickFrom(VERBS)}`;
    if (roll < 0.7) return `${nounPhrase()} of ${pickFrom(NOUNS)} and ${pickFrom(NOUNS)}`;
    if (roll < 0.85) return `and ${pickFrom(VERBS)} ${place()}`;
    return `${pickFrom(ADJECTIVES)} and ${pickFrom(ADJECTIVES)} ${place()}`;
  };
  /** Clauses up to about `count` words. */
  const clauses = (count: number) => {
    const parts = [clause()];
    while (parts.join(' ').split(' ').length < count - 2) parts.push(clause());
    return parts.join(chance(0.3) ? ', ' : ' ');
  };
  const out: string[] = [
    'Title: A Synthetic Epic',
    'Author: scripts/poem/generate.ts',
    `# ${lines} verse lines, seed ${seed}: a benchmark poem, not a real one.`,
  ];
  let written = 0;
  let sentences = 0;
  let stanzas = 0;
  let books = 0;
  const sections: PoemText['sections'] = [];
  /** Lines of the sentence still open, 0 when none is. */
  let open = 0;
  for (let b = 1; written < lines; b++) {
    books = b;
    out.push('', `Book ${b}: The Book of ${pickFrom(TITLED)} and ${pickFrom(TITLED)}`);
    for (let c = 1; c <= 8 && written < lines; c++) {
      out.push('', `Canto ${ROMAN[c]}: The ${capital(pickFrom(ADJECTIVES))} ${capital(pickFrom(NOUNS))}`);
      for (let s = 1; s <= 4 && written < lines; s++) {
        out.push('', chance(0.3) ? `Section ${s}: The ${capital(pickFrom(NOUNS))}` : `Section ${s}`);
        sections.push({ book: b, canto: c, section: s });
        const sectionLines = Math.min(lines - written, 80 + Math.floor(random() * 81));
        let stanzaLeft = 0;
        for (let i = 0; i < sectionLines; i++) {
          if (stanzaLeft === 0) {
            if (i > 0) out.push('');
            stanzas++;
            stanzaLeft = 2 + Math.floor(random() * 7);
          }
          stanzaLeft--;
          const lastOfSection = i === sectionLines - 1;
          const lastOfStanza = stanzaLeft === 0;
          let line: string;
          // A sentence ending mid-line, the next one beginning after it: "… through the night. And then the"
          if (chance(0.1)) {
            line = `${clauses(5)}${chance(0.85) ? '.' : '?'} ${pickFrom(OPENERS)} ${nounPhrase()}`;
            sentences++;
            open = 1;
          } else {
            line = clauses(7 + Math.floor(random() * 3));
            if (chance(0.01)) line = `O ${pickFrom(NOUNS)}! how ${line}`;
            open++;
          }
          const ends = lastOfSection || open >= 12 || chance(lastOfStanza ? 0.6 : 0.3);
          if (ends) {
            const mark = random();
            line += mark < 0.8 ? '.' : mark < 0.9 ? '?' : '!';
            sentences++;
            open = 0;
          } else {
            const mark = random();
            line += mark < 0.5 ? ',' : mark < 0.6 ? ';' : mark < 0.65 ? ' —' : '';
          }
          out.push(`${i % 2 === 1 && chance(0.3) ? '  ' : ''}${capital(line)}`);
          written++;
        }
      }
    }
  }
  out.push('');
  return { text: out.join('\n'), verseLines: written, sentences, books, stanzas, sections };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const { values } = parseArgs({
    options: { sentences: { type: 'string' }, lines: { type: 'string' }, format: { type: 'string', default: 'json' }, out: { type: 'string' } },
  });
  const whole = (value: string | undefined, fallback: number, flag: string) => {
    const count = Number(value ?? fallback);
    if (!Number.isInteger(count) || count < 1) {
      console.error(`${flag}: expected a whole number, e.g. ${flag} ${fallback}`);
      process.exit(1);
    }
    return count;
  };
  if (values.format === 'text') {
    if (values.sentences !== undefined) {
      console.error('--sentences: the text format is sized in verse lines; use --lines, e.g. --lines 200000');
      process.exit(1);
    }
    const count = whole(values.lines, 200_000, '--lines');
    const out = path.resolve(values.out ?? `.data/synthetic-poem-${count}-lines.txt`);
    const poem = generatePoemText(count);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, poem.text);
    console.log(
      `wrote ${poem.verseLines} verse lines (${poem.sentences} sentences, ${poem.stanzas} stanzas, ${poem.books} book${poem.books === 1 ? '' : 's'}) to ${out}`,
    );
  } else if (values.format === 'json') {
    if (values.lines !== undefined) {
      console.error('--lines: the JSON format is sized in sentences; use --sentences, or --format text');
      process.exit(1);
    }
    const count = whole(values.sentences, 25_000, '--sentences');
    const out = path.resolve(values.out ?? `.data/synthetic-poem-${count}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(generatePoem(count), null, 2)}\n`);
    console.log(`wrote ${count} sentences to ${out}`);
  } else {
    console.error(`--format: expected json or text (got "${values.format}")`);
    process.exit(1);
  }
}
