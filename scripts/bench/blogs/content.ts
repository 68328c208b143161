/** Synthetic blog content for bench:blogs: deterministic (seeded), shaped like real posts. */

const WORDS = (
  'the poem opens before dawn and the reader waits at the threshold where a lamp burns low beside the sleeping house ' +
  'every line carries a pause in its middle like a breath held between two worlds the canto turns from description ' +
  'to address and the voice grows nearer than before we read slowly noting the long vowels the repeated images ' +
  'of fire and water the silence that follows each question mother earth heaven mind spirit journey darkness light ' +
  'memory grief hope labour sacrifice vision a commentary cannot replace the reading itself but it can point to what ' +
  'we missed the first time through editions differ in a word here and there and those words matter'
).split(' ');

const SERIES = [
  'Book One',
  'Book Two',
  'Book Three',
  'Notes on Metre',
  'Letters to Readers',
  'Editions Compared',
  'Reading Aloud',
  'Images of Fire',
  'The Threshold',
  'Questions and Answers',
  'Translations',
  'Study Group',
  'Close Readings',
  'Symbols',
  'The Dawn Canto',
  'Marginalia',
];

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

export function seriesTitles(random: () => number, count: number): string[] {
  const titles = [...SERIES].sort(() => random() - 0.5).slice(0, count);
  return titles;
}

function sentence(random: () => number, sentences: number): string {
  const length = 8 + Math.floor(random() * 14);
  const words = Array.from({ length }, () => pick(random, WORDS));
  const styled = random();
  if (styled < 0.15) words[2] = `**${words[2]}**`;
  else if (styled < 0.3) words[3] = `*${words[3]}*`;
  if (random() < 0.35) words.splice(1 + Math.floor(random() * (length - 1)), 0, `||${1 + Math.floor(random() * sentences)}||`);
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(random: () => number, sentences: number): string {
  return Array.from({ length: 3 + Math.floor(random() * 4) }, () => sentence(random, sentences)).join(' ');
}

/** A few paragraphs of markdown with sentence links (`||n||`), sometimes a heading, a list or a quote. */
export function postMarkdown(random: () => number, sentences = 25_000): string {
  const blocks: string[] = [];
  const paragraphs = 3 + Math.floor(random() * 4);
  for (let i = 0; i < paragraphs; i++) {
    if (i === 2 && random() < 0.4) blocks.push(`## ${sentence(random, sentences).slice(0, 40).replace(/[*|.]/g, '').trim()}`);
    blocks.push(paragraph(random, sentences));
    if (i === 1 && random() < 0.3)
      blocks.push(['- the long vowels', '- the pause in the middle of each line', `- ||${1 + Math.floor(random() * sentences)}|| and what follows`].join('\n'));
    if (i === paragraphs - 1 && random() < 0.25) blocks.push(`> ${sentence(random, sentences)}`);
  }
  return blocks.join('\n\n');
}

export function postTitle(random: () => number, index: number): string {
  const words = Array.from({ length: 2 + Math.floor(random() * 4) }, () => pick(random, WORDS));
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} ${index}`;
}
