import type { FastifyRequest } from 'fastify';
import type { ContentsAnswer, Edition, Language, LineAnswer, LineInfoAnswer, SentenceTranslationAnswer } from '@epos/schemas';
import { translationEdition } from '@epos/schemas';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { textIn } from '@epos/domain/poem/sentence-state';
import { bookKey, cantoKey, ownEntry, sectionKey } from '@epos/domain/poem/structure-state';
import type { ApiDeps } from '../deps.js';
import type { PoemAnswerBodies } from './answer-bodies.js';
import { readModel, readModelSchema } from '../read-models.js';
import { findPoemLine, type LineIndex } from '@epos/projections/poem/line-index';
import type { CacheableBody } from '../http/http-cache.js';
import type { PoemCache } from './poem-cache.js';
import { PoemQueries } from '@epos/projections/poem/poem-queries';
import { lineView } from './views/line.js';
import { roman, sectionView, type SectionRef } from './views/section.js';

export const MAX_RANGE = 500;

/** The poem queries on the read model `request` reads (its consistency wait included). */
export async function poemQueries(deps: ApiDeps, request: FastifyRequest): Promise<PoemQueries> {
  return new PoemQueries(await readModel<PoemReadModel>(deps, request, POEM_PROJECTION));
}

/** The poem's line index, kept in `cache` until the poem changes (read afresh when the request waits for a later position). */
export async function cachedLineIndex(deps: ApiDeps, cache: PoemCache, request: FastifyRequest): Promise<LineIndex> {
  const queries = await poemQueries(deps, request);
  if (!cache.covers(request.consistentAfter)) return queries.lineIndex();
  return cache.lineIndex(await readModelSchema(deps, request, POEM_PROJECTION), () => queries.lineIndex());
}

/** Answers the reading API's questions from the poem read model, through the cache when it can. */
export class PoemReader {
  constructor(
    private readonly deps: ApiDeps,
    readonly cache: PoemCache,
    readonly bodies: PoemAnswerBodies,
  ) {}

  private schema(request: FastifyRequest): Promise<string> {
    return readModelSchema(this.deps, request, POEM_PROJECTION);
  }

  async queries(request: FastifyRequest): Promise<PoemQueries> {
    return poemQueries(this.deps, request);
  }

  /** An answer kept under `key` until the poem changes (for the request's read model). */
  cached(request: FastifyRequest, key: string, build: () => Promise<CacheableBody | null>): Promise<CacheableBody | null> {
    return this.cache.answer(request.consistentAfter, () => this.schema(request), key, build);
  }

  lineIndex(request: FastifyRequest): Promise<LineIndex> {
    return cachedLineIndex(this.deps, this.cache, request);
  }

  /** The section view, or null when there is no such section. */
  async section(request: FastifyRequest, ref: SectionRef, edition: Edition, loggedIn: boolean): Promise<CacheableBody | null> {
    const key = `section:${ref.book}.${ref.canto}.${ref.section}:${edition}:${loggedIn}`;
    return this.cached(request, key, async () => {
      const queries = await this.queries(request);
      const [structure, sentences, index] = await Promise.all([
        queries.structure(),
        queries.section(ref.book, ref.canto, ref.section),
        this.lineIndex(request),
      ]);
      if (sentences.length === 0) return null;
      return this.bodies.section(sectionView({ ref, edition, loggedIn, structure, sentences, index }));
    });
  }

  async translations(request: FastifyRequest, ref: SectionRef, lang: Language): Promise<CacheableBody | null> {
    return this.cached(request, `translation:${ref.book}.${ref.canto}.${ref.section}:${lang}`, async () => {
      const sentences = await (await this.queries(request)).section(ref.book, ref.canto, ref.section);
      if (sentences.length === 0) return null;
      return this.bodies.translations(
        sentences
          .filter((s) => s.state.translations[lang])
          .map((s) => ({ SentenceNumber: s.state.sentence, Translated: s.state.translations[lang]!.join('\n'), lang })),
      );
    });
  }

  /**
   * The reading menu, per book so that a huge poem's contents is never one answer: without
   * `book`, the books with their names and canto counts; with it, that book's cantos and sections.
   */
  async contents(request: FastifyRequest, book?: number): Promise<CacheableBody | null> {
    return this.cached(request, `contents:${book ?? 'books'}`, async () => {
      const [structure, index] = await Promise.all([(await this.queries(request)).structure(), this.lineIndex(request)]);
      const books = new Map<number, ContentsAnswer['books'][number]>();
      for (const [key, sections] of index.sectionsOf) {
        const [b, canto] = key.split('.').map(Number) as [number, number];
        const entry = books.get(b) ?? { book: b, name: structure.books[bookKey(b)]?.name ?? '', cantoCount: 0, cantos: [] };
        entry.cantoCount++;
        if (b === book) {
          entry.cantos.push({
            canto,
            name: structure.cantos[cantoKey(b, canto)]?.name ?? '',
            sections: sections.map((s) => ({ SectionNumber: s, srn: roman(s), SectionName: structure.sections[sectionKey(b, canto, s)]?.name ?? '' })),
          });
        }
        books.set(b, entry);
      }
      if (book === undefined) return this.bodies.contents({ books: [...books.values()] });
      const found = books.get(book);
      return found ? this.bodies.contents({ books: [found] }) : null;
    });
  }

  async translate(request: FastifyRequest, sentence: number, lang: Language): Promise<SentenceTranslationAnswer | null> {
    const doc = await (await this.queries(request)).sentence(sentence);
    if (!doc) return null;
    return { Line: textIn(doc.state, translationEdition[lang]).join('\n'), Translated: (doc.state.translations[lang] ?? []).join('\n') };
  }

  async lineInfo(request: FastifyRequest, sentence: number, edition: Edition): Promise<LineInfoAnswer | null> {
    const [doc, index] = await Promise.all([(await this.queries(request)).sentence(sentence), this.lineIndex(request)]);
    const place = index.bySentence.get(sentence);
    if (!doc || !place) return null;
    return { ...lineView(doc.state, doc.derived, edition, place), bookNumber: place.book, cantoNumber: place.canto, sectionNumber: place.section };
  }

  /**
   * The spec's line lookup. A line number is a sentence's running number: the answer says where
   * the sentence stands (its ordinal in book and canto) and lists its verse lines with their running
   * numbers. With `byVerse`, `n` is a verse line's running number in the poem instead.
   */
  async lineNumber(request: FastifyRequest, n: number, byVerse: boolean) {
    const index = await this.lineIndex(request);
    const place = byVerse ? findPoemLine(index, n)?.place : index.bySentence.get(n);
    if (!place) return null;
    const doc = await (await this.queries(request)).sentence(place.sentence);
    if (!doc) return null;
    const first = doc.state.text.first ?? [];
    return {
      Line: first.join('\n'),
      inBookNumber: place.inBook,
      inCantoNumber: place.inCanto,
      inPoemNumber: place.sentence,
      bookNumber: place.book,
      cantoNumber: place.canto,
      sectionNumber: place.section,
      LineDetails: first.map((text, i) => ({
        Line: text,
        inPoemNumber: place.poemStart + i,
        inBookNumber: place.bookStart + i,
        inCantoNumber: place.cantoStart + i,
      })),
    };
  }

  async range(request: FastifyRequest, sentences: number[], edition: Edition): Promise<LineAnswer[]> {
    const [docs, index] = await Promise.all([(await this.queries(request)).sentences(sentences), this.lineIndex(request)]);
    return docs.map((d) => lineView(d.state, d.derived, edition, index.bySentence.get(d.state.sentence)));
  }

  /** Readings of one commentary layer through a section, one sentence at a time with previous/next. */
  async reading(request: FastifyRequest, ref: SectionRef, layer: string, sentence: number | undefined) {
    const queries = await this.queries(request);
    const [structure, docs] = await Promise.all([queries.structure(), queries.section(ref.book, ref.canto, ref.section)]);
    const info = ownEntry(structure.layers, layer);
    const withEntry = docs.filter((d) => d.state.commentary[layer] !== undefined).map((d) => d.state);
    if (!info || withEntry.length === 0) return null;
    const at = sentence === undefined ? 0 : withEntry.findIndex((s) => s.sentence === sentence);
    if (at < 0) return null;
    const current = withEntry[at]!;
    return {
      Content: current.commentary[layer]!,
      Current: current.sentence,
      Prev: withEntry[at - 1]?.sentence ?? null,
      Next: withEntry[at + 1]?.sentence ?? null,
      Author: info.author,
      Label: info.label,
    };
  }

  async sectionDocs(request: FastifyRequest, ref: SectionRef) {
    return (await this.queries(request)).section(ref.book, ref.canto, ref.section);
  }

  async sentenceDoc(request: FastifyRequest, sentence: number) {
    return (await this.queries(request)).sentence(sentence);
  }

  async cantoNote(request: FastifyRequest, layer: string, book: number, canto: number) {
    const structure = await (await this.queries(request)).structure();
    const info = ownEntry(structure.layers, layer);
    const text = ownEntry(structure.cantos[cantoKey(book, canto)]?.notes ?? {}, layer);
    if (!info || text === undefined) return null;
    return { text, cantoNumber: canto, bookNumber: book, layer, author: info.author, label: info.label };
  }

  async structureOf(request: FastifyRequest) {
    return (await this.queries(request)).structure();
  }
}
