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
 * parts; another edition aligns with it by sentence number, and sentences whose book, canto or
 * section differ (or that the first edition lacks) are reported, not imported.
 */
export function targetsFromText(parsed: ParsedPoemText, edition: Edition, current: CurrentPoem): { targets: PoemTargets; misaligned: Misalignment[] } {
  const structure = emptyStructure();
  const sentences: SentenceState[] = [];
  const misaligned: Misalignment[] = [];
  let n = 0;
  for (const book of parsed.books) {
    if (edition === 'first') structure.books[bookKey(book.book)] = { ...(current.structure.books[bookKey(book.book)] ?? { pdf: null, images: [] }), name: book.name };
    for (const canto of book.cantos) {
      const cKey = cantoKey(book.book, canto.canto);
      if (edition === 'first') structure.cantos[cKey] = { ...(current.structure.cantos[cKey] ?? { pdf: null, images: [], notes: {} }), name: canto.name };
      for (const section of canto.sections) {
        if (edition === 'first') structure.sections[sectionKey(book.book, canto.canto, section.section)] = { name: section.name };
        for (const s of section.sentences) {
          n++;
          const existing = current.sentences.get(n)?.state;
          const placement = { book: book.book, canto: canto.canto, section: section.section, stanza: s.stanza };
          if (edition === 'first') {
            sentences.push({ ...(existing ?? emptySentence(n)), placement, text: { ...existing?.text, first: s.lines } });
            continue;
          }
          const at = existing?.placement;
          if (!existing || !at) {
            misaligned.push({ sentence: n, message: `line ${s.line}: sentence ${n} is not in the first edition` });
          } else if (at.book !== book.book || at.canto !== canto.canto || at.section !== section.section) {
            misaligned.push({
              sentence: n,
              message: `line ${s.line}: sentence ${n} is in book ${book.book}, canto ${canto.canto}, section ${section.section} here but in book ${at.book}, canto ${at.canto}, section ${at.section} in the first edition`,
            });
          } else {
            const same = JSON.stringify(s.lines) === JSON.stringify(existing.text.first);
            const text = { ...existing.text };
            if (same) delete text[edition];
            else text[edition] = s.lines;
            sentences.push({ ...existing, text });
          }
        }
      }
    }
  }
  return { targets: { structure, sentences }, misaligned };
}
