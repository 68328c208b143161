import type { Edition, PoemFile } from '@epos/schemas';
import { emptySentence, type SentenceState } from '@epos/projections/poem/sentence-state';
import { bookKey, cantoKey, emptyStructure, sectionKey, type PoemStructure } from '@epos/projections/poem/structure-state';
import type { CurrentPoem } from './current-poem.js';
import type { ParsedPoemText } from './text/parse-text.js';

/** What the poem should hold after an import. */
export interface PoemTargets {
  structure: PoemStructure;
  sentences: SentenceState[];
}

export function targetsFromJson(file: PoemFile): PoemTargets {
  const structure = emptyStructure();
  (file.layers ?? []).forEach((layer, order) => (structure.layers[layer.key] = { label: layer.label, author: layer.author, order }));
  const sentences: SentenceState[] = [];
  for (const book of file.books) {
    structure.books[bookKey(book.book)] = { name: book.name, pdf: book.pdf ?? null, images: book.images ?? [] };
    for (const canto of book.cantos) {
      structure.cantos[cantoKey(book.book, canto.canto)] = { name: canto.name, pdf: canto.pdf ?? null, images: canto.images ?? [], notes: canto.notes ?? {} };
      for (const section of canto.sections) {
        structure.sections[sectionKey(book.book, canto.canto, section.section)] = { name: section.name ?? '' };
        for (const s of section.sentences) {
          sentences.push({
            sentence: s.sentence,
            placement: { book: book.book, canto: canto.canto, section: section.section, stanza: s.stanza },
            text: s.text,
            fields: s.fields ?? {},
            translations: s.translations ?? {},
            media: s.media ?? {},
            relations: s.relations ?? [],
            commentary: s.commentary ?? {},
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
 * A plain-text file carries one edition. The first edition places sentences and names the
 * parts. Another edition aligns with the first section by section: the k-th sentence of a
 * section is the first edition's k-th sentence of that section. A section whose sentence count
 * differs, or that the first edition lacks, is reported and not imported; so is a first-edition
 * section the file lacks. A text equal to the first edition's is stored as "same as the first".
 */
export function targetsFromText(parsed: ParsedPoemText, edition: Edition, current: CurrentPoem): { targets: PoemTargets; misaligned: Misalignment[] } {
  const structure = emptyStructure();
  const sentences: SentenceState[] = [];
  const misaligned: Misalignment[] = [];
  const firstSections = new Map<string, number[]>();
  for (const [n, { state }] of [...current.sentences].sort(([a], [b]) => a - b)) {
    if (!state.placement) continue;
    const key = sectionKey(state.placement.book, state.placement.canto, state.placement.section);
    firstSections.set(key, [...(firstSections.get(key) ?? []), n]);
  }
  const seen = new Set<string>();
  let n = 0;
  for (const book of parsed.books) {
    if (edition === 'first') structure.books[bookKey(book.book)] = { ...(current.structure.books[bookKey(book.book)] ?? { pdf: null, images: [] }), name: book.name };
    for (const canto of book.cantos) {
      const cKey = cantoKey(book.book, canto.canto);
      if (edition === 'first') structure.cantos[cKey] = { ...(current.structure.cantos[cKey] ?? { pdf: null, images: [], notes: {} }), name: canto.name };
      for (const section of canto.sections) {
        const key = sectionKey(book.book, canto.canto, section.section);
        const where = `book ${book.book}, canto ${canto.canto}, section ${section.section}`;
        seen.add(key);
        if (edition === 'first') {
          structure.sections[key] = { name: section.name };
          for (const s of section.sentences) {
            const existing = current.sentences.get(++n)?.state;
            const placement = { book: book.book, canto: canto.canto, section: section.section, stanza: s.stanza };
            sentences.push({ ...(existing ?? emptySentence(n)), placement, text: { ...existing?.text, first: s.lines } });
          }
          continue;
        }
        const expected = firstSections.get(key) ?? [];
        if (expected.length !== section.sentences.length) {
          misaligned.push({
            sentence: expected[0] ?? 0,
            message:
              expected.length === 0
                ? `line ${section.line}: ${where} is not in the first edition; its sentences were not imported`
                : `line ${section.line}: ${where} has ${section.sentences.length} sentences here but ${expected.length} in the first edition; its sentences were not imported`,
          });
          continue;
        }
        section.sentences.forEach((s, k) => {
          const existing = current.sentences.get(expected[k]!)!.state;
          const text = { ...existing.text };
          if (JSON.stringify(s.lines) === JSON.stringify(existing.text.first)) delete text[edition];
          else text[edition] = s.lines;
          sentences.push({ ...existing, text });
        });
      }
    }
  }
  if (edition !== 'first') {
    for (const [key, numbers] of firstSections) {
      if (seen.has(key)) continue;
      const [book, canto, section] = key.split('.');
      misaligned.push({ sentence: numbers[0]!, message: `book ${book}, canto ${canto}, section ${section} of the first edition is not in this file` });
    }
  }
  return { targets: { structure, sentences }, misaligned };
}
