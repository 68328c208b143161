import type { Edition, PoemFile } from '@epos/schemas';
import { type Placement, type SentenceState } from '@epos/domain/poem/sentence-state';
import { bookKey, cantoKey, emptyStructure, sectionKey, type PoemStructure } from '@epos/domain/poem/structure-state';
import { placedInOrder, type CurrentPoem } from './current-poem.js';
import type { ParsedPoemText } from './text/parse-text.js';

/** Where a sentence of an import file stands; `stanza` is the file's stanza number. */
type TargetPlacement = Omit<Placement, 'order'>;

/** What a sentence should hold after an import, before it is matched to a stored sentence. */
export interface TargetSentence {
  placement: TargetPlacement;
  /** First-edition fragments: what the file's sentence is matched by. */
  first: string[];
  /**
   * Its content: `replace` (a JSON file: the file is the whole truth) or `firstText` (a
   * first-edition text file: every other part of the matched sentence is kept).
   */
  content: { kind: 'replace'; state: Omit<SentenceState, 'id' | 'sentence' | 'placement'> } | { kind: 'firstText' };
}

/** What the poem should hold after an import of the first edition or a JSON file. */
export interface PoemTargets {
  structure: PoemStructure;
  sentences: TargetSentence[];
}

export function targetsFromJson(file: PoemFile): PoemTargets {
  const structure: PoemStructure = { ...emptyStructure(), title: file.title ?? null, author: file.author ?? null, introduction: file.introduction ?? null };
  (file.layers ?? []).forEach((layer, order) => (structure.layers[layer.key] = { label: layer.label, author: layer.author, order }));
  const sentences: TargetSentence[] = [];
  for (const book of file.books) {
    structure.books[bookKey(book.book)] = { name: book.name, pdf: book.pdf ?? null, images: book.images ?? [] };
    for (const canto of book.cantos) {
      structure.cantos[cantoKey(book.book, canto.canto)] = { name: canto.name, pdf: canto.pdf ?? null, images: canto.images ?? [], notes: canto.notes ?? {} };
      for (const section of canto.sections) {
        structure.sections[sectionKey(book.book, canto.canto, section.section)] = { name: section.name ?? '' };
        for (const s of section.sentences) {
          sentences.push({
            placement: {
              book: book.book,
              canto: canto.canto,
              section: section.section,
              stanza: s.stanza,
              joinsPrevious: s.joinsPrevious ?? false,
              stanzaBreaks: s.stanzaBreaks ?? [],
            },
            first: s.text.first ?? [],
            content: {
              kind: 'replace',
              state: {
                text: s.text,
                fields: s.fields ?? {},
                translations: s.translations ?? {},
                media: s.media ?? {},
                relations: s.relations ?? [],
                commentary: s.commentary ?? {},
              },
            },
          });
        }
      }
    }
  }
  return { structure, sentences };
}

/** A first-edition text file: it places the sentences, names the parts and sets the first-edition text. */
export function targetsFromFirstEdition(parsed: ParsedPoemText, current: CurrentPoem): PoemTargets {
  const structure: PoemStructure = { ...emptyStructure(), title: parsed.title, author: parsed.author };
  const sentences: TargetSentence[] = [];
  for (const book of parsed.books) {
    structure.books[bookKey(book.book)] = { ...(current.structure.books[bookKey(book.book)] ?? { pdf: null, images: [] }), name: book.name };
    for (const canto of book.cantos) {
      const key = cantoKey(book.book, canto.canto);
      structure.cantos[key] = { ...(current.structure.cantos[key] ?? { pdf: null, images: [], notes: {} }), name: canto.name };
      for (const section of canto.sections) {
        structure.sections[sectionKey(book.book, canto.canto, section.section)] = { name: section.name };
        for (const s of section.sentences) {
          sentences.push({
            placement: {
              book: book.book,
              canto: canto.canto,
              section: section.section,
              stanza: s.stanza,
              joinsPrevious: s.joinsPrevious,
              stanzaBreaks: s.stanzaBreaks,
            },
            first: s.lines,
            content: { kind: 'firstText' },
          });
        }
      }
    }
  }
  return { structure, sentences };
}

export interface Misalignment {
  sentence: number;
  message: string;
}

/**
 * Another edition in a text file aligns with the first section by section: the k-th sentence of
 * a section is the first edition's k-th sentence of that section. A section whose sentence count
 * differs, or that the first edition lacks, is reported and not imported; so is a first-edition
 * section the file lacks. A text equal to the first edition's is stored as "same as the first".
 */
export function editionTargets(
  parsed: ParsedPoemText,
  edition: Exclude<Edition, 'first'>,
  current: CurrentPoem,
): { sentences: SentenceState[]; misaligned: Misalignment[] } {
  const sentences: SentenceState[] = [];
  const misaligned: Misalignment[] = [];
  const firstSections = new Map<string, SentenceState[]>();
  for (const { state } of placedInOrder(current)) {
    const { book, canto, section } = state.placement!;
    const key = sectionKey(book, canto, section);
    firstSections.set(key, [...(firstSections.get(key) ?? []), state]);
  }
  const seen = new Set<string>();
  for (const book of parsed.books) {
    for (const canto of book.cantos) {
      for (const section of canto.sections) {
        const key = sectionKey(book.book, canto.canto, section.section);
        const where = `book ${book.book}, canto ${canto.canto}, section ${section.section}`;
        seen.add(key);
        const expected = firstSections.get(key) ?? [];
        if (expected.length !== section.sentences.length) {
          misaligned.push({
            sentence: expected[0]?.sentence ?? 0,
            message:
              expected.length === 0
                ? `line ${section.line}: ${where} is not in the first edition; its sentences were not imported`
                : `line ${section.line}: ${where} has ${section.sentences.length} sentences here but ${expected.length} in the first edition; its sentences were not imported`,
          });
          continue;
        }
        section.sentences.forEach((s, k) => {
          const existing = expected[k]!;
          const text = { ...existing.text };
          if (JSON.stringify(s.lines) === JSON.stringify(existing.text.first)) delete text[edition];
          else text[edition] = s.lines;
          sentences.push({ ...existing, text });
        });
      }
    }
  }
  for (const [key, states] of firstSections) {
    if (seen.has(key)) continue;
    const [book, canto, section] = key.split('.');
    misaligned.push({ sentence: states[0]!.sentence, message: `book ${book}, canto ${canto}, section ${section} of the first edition is not in this file` });
  }
  return { sentences, misaligned };
}
