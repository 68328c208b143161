/**
 * npm run generate -- --sentences 25000 [--out file]
 * Writes a synthetic poem of that many sentences in the JSON exchange format, for benchmarks.
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

export function generatePoem(sentences: number, seed = 7): PoemFile {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
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

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const { values } = parseArgs({ options: { sentences: { type: 'string', default: '25000' }, out: { type: 'string' } } });
  const count = Number(values.sentences);
  if (!Number.isInteger(count) || count < 1) {
    console.error('--sentences: expected a whole number of sentences, e.g. --sentences 25000');
    process.exit(1);
  }
  const out = path.resolve(values.out ?? `.data/synthetic-poem-${count}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(generatePoem(count), null, 2)}\n`);
  console.log(`wrote ${count} sentences to ${out}`);
}
