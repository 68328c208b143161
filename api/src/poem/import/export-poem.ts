import { editions, languages, mediaKinds, sentenceFields, type MediaItem, type PoemFile, type WordRelation } from '@epos/schemas';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import { bookKey, cantoKey, sectionKey, type PoemStructure } from '@epos/domain/poem/structure-state';
import { placedInOrder, type CurrentPoem } from './current-poem.js';

/**
 * The poem in its JSON exchange format, canonical: keys in the schema's order, empty parts
 * left out, two-space indentation. Exporting, importing and exporting again is byte-identical.
 */
export function exportPoem(current: CurrentPoem): string {
  const { structure } = current;
  const layerOrder = Object.entries(structure.layers).sort(([a, x], [b, y]) => x.order - y.order || a.localeCompare(b));
  const file: PoemFile = {
    format: 'epos-poem',
    version: 1,
    ...(structure.title ? { title: structure.title } : {}),
    ...(structure.author ? { author: structure.author } : {}),
    ...(structure.introduction ? { introduction: structure.introduction } : {}),
    ...(layerOrder.length > 0 ? { layers: layerOrder.map(([key, l]) => ({ key, label: l.label, author: l.author })) } : {}),
    books: [],
  };
  const layerRank = new Map(layerOrder.map(([key], i) => [key, i]));
  const sorted = placedInOrder(current).map((s) => s.state);
  // Stanzas are stored by name; the file numbers them through the poem.
  let stanza = 0;
  let stanzaName: number | null = null;
  for (const s of sorted) {
    if (s.placement!.stanza !== stanzaName) stanza++;
    stanzaName = s.placement!.stanza;
    const { book, canto, section } = s.placement!;
    let b = file.books.at(-1);
    if (!b || b.book !== book)
      file.books.push((b = { book, name: structure.books[bookKey(book)]?.name ?? '', ...partMedia(structure, bookKey(book), 'books'), cantos: [] }));
    let c = b.cantos.at(-1);
    if (!c || c.canto !== canto) {
      const cantoInfo = structure.cantos[cantoKey(book, canto)];
      const notes = ordered(cantoInfo?.notes ?? {}, layerRank);
      b.cantos.push(
        (c = { canto, name: cantoInfo?.name ?? '', ...partMedia(structure, cantoKey(book, canto), 'cantos'), ...(notes ? { notes } : {}), sections: [] }),
      );
    }
    let sec = c.sections.at(-1);
    if (!sec || sec.section !== section) {
      const name = structure.sections[sectionKey(book, canto, section)]?.name;
      c.sections.push((sec = { section, ...(name ? { name } : {}), sentences: [] }));
    }
    sec.sentences.push(sentenceEntry(s, stanza, layerRank));
    stanza += s.placement!.stanzaBreaks.length;
  }
  return `${JSON.stringify(file, null, 2)}\n`;
}

// The database keeps JSON keys in its own order; the file keeps the schema's.
const mediaItem = (m: MediaItem): MediaItem => ({ url: m.url, ...(m.thumbUrl ? { thumbUrl: m.thumbUrl } : {}), ...(m.title ? { title: m.title } : {}) });
const relation = (r: WordRelation): WordRelation => ({ Snumber: r.Snumber, SText: r.SText, Enumber: r.Enumber });

function partMedia(structure: PoemStructure, key: string, kind: 'books' | 'cantos') {
  const part = structure[kind][key];
  return {
    ...(part?.pdf ? { pdf: { url: part.pdf.url, date: part.pdf.date } } : {}),
    ...(part && part.images.length > 0 ? { images: part.images.map(mediaItem) } : {}),
  };
}

function pick<K extends string, V>(record: Partial<Record<K, V>>, order: readonly K[]): Partial<Record<K, V>> | undefined {
  const entries = order.filter((k) => record[k] !== undefined).map((k) => [k, record[k]] as const);
  return entries.length > 0 ? (Object.fromEntries(entries) as Partial<Record<K, V>>) : undefined;
}

function ordered(record: Record<string, string>, rank: Map<string, number>): Record<string, string> | undefined {
  const keys = Object.keys(record).sort((a, b) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity) || a.localeCompare(b));
  return keys.length > 0 ? Object.fromEntries(keys.map((k) => [k, record[k]!])) : undefined;
}

function sentenceEntry(
  s: SentenceState,
  stanza: number,
  layerRank: Map<string, number>,
): PoemFile['books'][number]['cantos'][number]['sections'][number]['sentences'][number] {
  const fields = pick(s.fields, sentenceFields);
  const translations = pick(s.translations, languages);
  const media = pick(Object.fromEntries(Object.entries(s.media).map(([k, items]) => [k, items.map(mediaItem)])), mediaKinds);
  const commentary = ordered(s.commentary, layerRank);
  return {
    sentence: s.sentence,
    stanza,
    ...(s.placement!.joinsPrevious ? { joinsPrevious: true as const } : {}),
    ...(s.placement!.stanzaBreaks.length > 0 ? { stanzaBreaks: s.placement!.stanzaBreaks } : {}),
    text: pick(s.text, editions) ?? {},
    ...(fields ? { fields } : {}),
    ...(translations ? { translations } : {}),
    ...(media ? { media } : {}),
    ...(s.relations.length > 0 ? { relations: s.relations.map(relation) } : {}),
    ...(commentary ? { commentary } : {}),
  };
}
