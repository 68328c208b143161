/**
 * npx tsx scripts/demo/check-demo.ts [file]
 * Checks the demo poem (content/demo/poem.json): it must parse with the exchange-format schema
 * and meet what the demo promises a newcomer (structure, editions, translations, commentary,
 * fields, relations, media). Prints the counts; exits non-zero when anything falls short.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { derivableFields, editions, languages, translationEdition, poemFileSchema, type PoemFileSentence } from '@epos/schemas';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = path.resolve(process.argv[2] ?? path.join(root, 'content/demo/poem.json'));
const mediaDir = path.join(root, 'content/demo/media');
const LAYERS = ['mother', 'sage', 'scholar', 'poet', 'reader'];

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
};

const parsed = poemFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
if (!parsed.success) {
  console.error(`${path.relative(root, file)} does not match poemFileSchema:`);
  for (const issue of parsed.error.issues.slice(0, 20)) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}
const poem = parsed.data;

/** A sentence end as the plain-text importer sees it: a run of . ! ? … and optional closing quotes. */
const SENTENCE_END = /[.!?…]+["'’”)\]»]*(?=\s|$)/g;
/** English words as relations count them: whitespace-separated, from 0. */
const words = (lines: string[]) => lines.join(' ').split(/\s+/).filter(Boolean);
/** The first-edition lines (the schema guarantees them; its type leaves them optional). */
const firstOf = (s: PoemFileSentence) => s.text.first ?? [];
const bare = (word: string) => word.replace(/^[\s,.;:!?।॥"'“”‘’«»„]+|[\s,.;:!?।॥"'“”‘’«»„]+$/g, '');

const sentences: PoemFileSentence[] = [];
let sections = 0;
let stanza = 0;
const cantoNotes = new Map<string, number>();
const mediaUrls = new Set<string>();
const addMedia = (items: { url: string; thumbUrl?: string | undefined }[] | undefined) =>
  items?.forEach((m) => [m.url, m.thumbUrl].forEach((u) => u && mediaUrls.add(u)));

check(poem.books.length === 2, `expected 2 books, found ${poem.books.length}`);
poem.books.forEach((book, b) => {
  check(book.book === b + 1, `book ${book.book} is out of order`);
  check(book.cantos.length === 2, `book ${book.book}: expected 2 cantos, found ${book.cantos.length}`);
  addMedia(book.images);
  book.cantos.forEach((canto, c) => {
    check(canto.canto === c + 1, `book ${book.book} canto ${canto.canto} is out of order`);
    check(canto.sections.length === 2, `book ${book.book} canto ${canto.canto}: expected 2 sections, found ${canto.sections.length}`);
    addMedia(canto.images);
    for (const key of Object.keys(canto.notes ?? {})) cantoNotes.set(key, (cantoNotes.get(key) ?? 0) + 1);
    canto.sections.forEach((section, s) => {
      sections++;
      check(section.section === s + 1, `book ${book.book} canto ${canto.canto} section ${section.section} is out of order`);
      for (const sentence of section.sentences) {
        sentences.push(sentence);
        const n = sentence.sentence;
        check(n === sentences.length, `sentence ${n}: expected number ${sentences.length}`);
        check(sentence.stanza === stanza || sentence.stanza === stanza + 1, `sentence ${n}: stanza ${sentence.stanza} after stanza ${stanza}`);
        check(stanza > 0 || sentence.stanza === 1, `sentence ${n}: stanzas must start at 1`);
        stanza = sentence.stanza;
        for (const kind of Object.values(sentence.media ?? {})) addMedia(kind);
      }
    });
  });
});

const bookOf = new Map<number, number>();
poem.books.forEach((book) => book.cantos.forEach((c) => c.sections.forEach((s) => s.sentences.forEach((x) => bookOf.set(x.sentence, book.book)))));

// Editions: all three on every sentence, 1-5 whole-sentence lines each.
let verseLines = 0;
const differing: number[] = [];
for (const s of sentences) {
  for (const edition of editions) {
    const lines = s.text[edition];
    if (!lines) {
      failures.push(`sentence ${s.sentence}: no ${edition} text`);
      continue;
    }
    check(lines.length >= 1 && lines.length <= 5, `sentence ${s.sentence} (${edition}): ${lines.length} lines, expected 1-5`);
    lines.forEach((line, i) => {
      const ends = [...line.matchAll(SENTENCE_END)];
      const last = i === lines.length - 1;
      if (last)
        check(
          ends.length === 1 && ends[0]!.index + ends[0]![0].length === line.length,
          `sentence ${s.sentence} (${edition}): its last line must hold exactly one sentence end, at the end: ${line}`,
        );
      else check(ends.length === 0, `sentence ${s.sentence} (${edition}): a sentence ends inside it: ${line}`);
    });
  }
  verseLines += firstOf(s).length;
  const [first, centenary, revised] = editions.map((e) => JSON.stringify(s.text[e]));
  if (first !== centenary || first !== revised) differing.push(s.sentence);
}
check(verseLines >= 160, `expected at least 160 verse lines, found ${verseLines}`);
check(sections === 8, `expected 8 sections, found ${sections}`);
check(differing.length >= 12, `expected at least 12 sentences whose editions differ, found ${differing.length}`);
check(new Set(differing.map((n) => bookOf.get(n))).size === poem.books.length, 'expected edition differences in every book');

// Translations: at least 6 per language, each as long as the edition it was made from.
const translationCounts = Object.fromEntries(languages.map((l) => [l, 0])) as Record<(typeof languages)[number], number>;
for (const s of sentences) {
  for (const language of languages) {
    const lines = s.translations?.[language];
    if (!lines) continue;
    translationCounts[language]++;
    const source = s.text[translationEdition[language]] ?? firstOf(s);
    check(
      lines.length === source.length,
      `sentence ${s.sentence} (${language}): ${lines.length} lines, the ${translationEdition[language]} edition has ${source.length}`,
    );
  }
}
for (const language of languages) check(translationCounts[language] >= 6, `expected at least 6 ${language} translations, found ${translationCounts[language]}`);

// Commentary layers.
const layerKeys = (poem.layers ?? []).map((l) => l.key);
check(JSON.stringify([...layerKeys].sort()) === JSON.stringify([...LAYERS].sort()), `expected the layers ${LAYERS.join(', ')}, found ${layerKeys.join(', ')}`);
const commentaryCounts = Object.fromEntries(LAYERS.map((k) => [k, 0])) as Record<string, number>;
for (const s of sentences) {
  for (const key of Object.keys(s.commentary ?? {})) {
    check(LAYERS.includes(key), `sentence ${s.sentence}: commentary for unknown layer ${key}`);
    commentaryCounts[key] = (commentaryCounts[key] ?? 0) + 1;
  }
}
for (const key of LAYERS) {
  check((commentaryCounts[key] ?? 0) >= 4, `layer ${key}: expected commentary on at least 4 sentences, found ${commentaryCounts[key] ?? 0}`);
  check((cantoNotes.get(key) ?? 0) >= 1, `layer ${key}: expected notes on at least one canto`);
}
for (const key of cantoNotes.keys()) check(LAYERS.includes(key), `canto notes for unknown layer ${key}`);

// Fields.
const fieldCount = (field: string) => sentences.filter((s) => s.fields?.[field as keyof typeof s.fields] !== undefined).length;
check(fieldCount('motherNote') >= 8, `expected motherNote on at least 8 sentences, found ${fieldCount('motherNote')}`);
check(fieldCount('aurobindoNote') >= 8, `expected aurobindoNote on at least 8 sentences, found ${fieldCount('aurobindoNote')}`);
check(fieldCount('reason') >= 5, `expected reason on at least 5 sentences, found ${fieldCount('reason')}`);
for (const field of derivableFields) check(fieldCount(field) === 2, `expected ${field} on exactly 2 sentences, found ${fieldCount(field)}`);

// Sanskrit: transliteration and 3-8 word relations wherever there is a Sanskrit translation.
for (const s of sentences) {
  const sanskrit = s.translations?.sa;
  check(Boolean(sanskrit) === Boolean(s.fields?.sanskritTransliteration), `sentence ${s.sentence}: sanskritTransliteration goes with a Sanskrit translation`);
  check(Boolean(sanskrit) === Boolean(s.relations), `sentence ${s.sentence}: relations go with a Sanskrit translation`);
  if (!sanskrit || !s.relations) continue;
  check(s.relations.length >= 3 && s.relations.length <= 8, `sentence ${s.sentence}: ${s.relations.length} relations, expected 3-8`);
  const saWords = words(sanskrit).map(bare);
  const enWords = words(firstOf(s));
  for (const r of s.relations) {
    check(saWords[r.Snumber] === r.SText, `sentence ${s.sentence}: Sanskrit word ${r.Snumber} is ${saWords[r.Snumber]}, not ${r.SText}`);
    check(r.Enumber < enWords.length, `sentence ${s.sentence}: English word ${r.Enumber} is beyond the sentence`);
  }
}

// Media: every /media/demo/ URL names a file in content/demo/media.
const mediaKinds = (kind: string) => sentences.filter((s) => s.media?.[kind as keyof typeof s.media]).length;
check(mediaKinds('painting') >= 1 && mediaKinds('sketch') >= 1, 'expected a painting and a sketch on sentences');
check(Boolean(sentences[0]?.media?.audio), 'expected audio on the first sentence');
check(Boolean(poem.books[0]?.images?.length), 'expected images on book 1');
check(
  poem.books.some((b) => b.cantos.some((c) => c.images?.length)),
  'expected images on a canto',
);
for (const url of mediaUrls) {
  const name = url.replace(/^\/media\/demo\//, '');
  check(name !== url && fs.existsSync(path.join(mediaDir, name)), `media ${url} is not in content/demo/media (npx tsx scripts/demo/generate-media.ts)`);
}

const counts = {
  books: poem.books.length,
  cantos: poem.books.reduce((n, b) => n + b.cantos.length, 0),
  sections,
  stanzas: stanza,
  sentences: sentences.length,
  verseLines,
  differingEditions: differing.length,
  translations: translationCounts,
  commentary: commentaryCounts,
  cantoNotes: Object.fromEntries(cantoNotes),
  fields: Object.fromEntries(['motherNote', 'aurobindoNote', 'reason', ...derivableFields, 'sanskritTransliteration'].map((f) => [f, fieldCount(f)])),
  relations: sentences.reduce((n, s) => n + (s.relations?.length ?? 0), 0),
  mediaFiles: mediaUrls.size,
};
console.log(`${path.relative(root, file)}: schema OK`);
console.log(JSON.stringify(counts, null, 2));
if (failures.length > 0) {
  console.error(`\n${failures.length} problem(s):`);
  for (const f of failures) console.error(`  - ${f}`);
  process.exit(1);
}
console.log('all demo requirements met');
