import fs from 'node:fs/promises';
import { poemFileSchema, type PoemFile } from '@epos/schemas/poem/poem-file';
import { DEMO_POEM_FILE } from '../poem/demo-seed.js';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The demo's /about page, its facts read from the demo poem itself so that they stay true of it. */
function aboutMarkdown(poem: PoemFile): string {
  const cantos = poem.books.flatMap((book) => book.cantos);
  const sections = cantos.flatMap((canto) => canto.sections);
  const sentences = sections.flatMap((section) => section.sentences.map((sentence) => sentence.sentence));
  const firstSection = sections[0]!.sentences;
  const shape = `${count(poem.books.length, 'book')}, ${count(cantos.length, 'canto')}, ${count(sections.length, 'section')} and ${count(sentences.length, 'numbered sentence')}`;
  return [
    '# About the poem',
    `*${poem.title ?? 'The poem'}*${poem.author ? ` (${poem.author})` : ''} has ${shape}, read here in three editions: the **First**, the *Centenary* and the *Revised*.`,
    ...(poem.introduction ? [poem.introduction] : []),
    '## How this site reads it',
    `Every sentence has a number: ||${sentences[0]}|| opens the poem, ||${firstSection.at(-1)!.sentence}|| closes its first section and ||${sentences.at(-1)}|| ends it.`,
    '## Further pages',
    "See the [reading guide](/guide) and the [books by the poem's readers](/books).",
  ].join('\n\n');
}

export async function demoAboutMarkdown(): Promise<string> {
  return aboutMarkdown(poemFileSchema.parse(JSON.parse(await fs.readFile(DEMO_POEM_FILE, 'utf8'))));
}
