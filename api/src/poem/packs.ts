import type { FastifyRequest } from 'fastify';
import { editions, languages, packManifestAnswer, type Edition, type Language, type PackEntry } from '@epos/schemas';
import { sectionReadUrl, translationReadUrl } from '@epos/schemas/poem/reader-urls';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import type { ApiDeps } from '../deps.js';
import { answerRenderer, renderJson, type CacheableBody } from '../http/http-cache.js';
import type { PoemReader } from './poem-reader.js';

export type PackChoice = { kind: 'edition'; edition: Edition } | { kind: 'translation'; lang: Language };

const choiceOf = (choice: PackChoice) => (choice.kind === 'edition' ? { edition: choice.edition } : { lang: choice.lang });
const choiceKey = (choice: PackChoice) => (choice.kind === 'edition' ? `edition=${choice.edition}` : `lang=${choice.lang}`);
const ALL_CHOICES: readonly PackChoice[] = [
  ...editions.map((edition) => ({ kind: 'edition', edition }) as const),
  ...languages.map((lang) => ({ kind: 'translation', lang }) as const),
];

const renderManifest = answerRenderer(packManifestAnswer, '/api/packs/:book');
/** How many sections each pack made holds (its answers' count), for the list without parsing the pack again. */
const sectionCounts = new WeakMap<Buffer, number>();

/** The etag of a body without its quotes: the pack's content hash. */
const hashOf = (body: CacheableBody) => body.etag.replaceAll('"', '');

/**
 * Offline packs (schemas/src/poem/packs.ts), made from the poem read model by the same code that
 * answers the reader's section and translation calls, so a pack's answers are byte for byte what
 * those calls answer an anonymous reader. Kept with the reader's other answers until the poem changes.
 */
export class PoemPacks {
  constructor(
    private readonly deps: Pick<ApiDeps, 'progress'>,
    private readonly reader: PoemReader,
  ) {}

  private position(): string {
    return String(this.deps.progress.appliedOf(POEM_PROJECTION)?.position ?? 0n);
  }

  /** A canto's pack in an edition or a translation language; null when the canto has no sentences (or none translated). */
  pack(request: FastifyRequest, book: number, canto: number, choice: PackChoice): Promise<CacheableBody | null> {
    return this.reader.cached(request, `pack:${book}.${canto}:${choiceKey(choice)}`, async () => {
      const index = await this.reader.lineIndex(request);
      const sections = index.sectionsOf.get(`${book}.${canto}`) ?? [];
      const parts: string[] = [];
      let translated = choice.kind === 'edition';
      for (const section of sections) {
        const ref = { book, canto, section };
        const answer =
          choice.kind === 'edition'
            ? await this.reader.section(request, ref, choice.edition, false)
            : await this.reader.translations(request, ref, choice.lang);
        if (!answer) continue;
        // A section with nothing in that language is in the pack all the same (its answer is `[]`): offline, the reader asks for it.
        if (answer.body.length > 2) translated = true;
        const url = choice.kind === 'edition' ? sectionReadUrl(book, canto, section, choice.edition) : translationReadUrl(book, canto, section, choice.lang);
        parts.push(`${JSON.stringify(url)}:${answer.body.toString('utf8')}`);
      }
      if (parts.length === 0 || !translated) return null;
      const head = JSON.stringify({ book, canto, kind: choice.kind, ...choiceOf(choice) });
      // No log position in the pack: its hash changes only with its text. The answers are spliced in as the calls rendered them (no parse and stringify again).
      const pack = renderJson(`${head.slice(0, -1)},"answers":{${parts.join(',')}}}`);
      sectionCounts.set(pack.body, parts.length);
      return pack;
    });
  }

  /** Every pack of a book with its size and hash; null when there is no such book. */
  manifest(request: FastifyRequest, book: number): Promise<CacheableBody | null> {
    return this.reader.cached(request, `packs:${book}`, async () => {
      const index = await this.reader.lineIndex(request);
      const cantos = [...index.sectionsOf.keys()].filter((key) => key.startsWith(`${book}.`)).map((key) => Number(key.split('.')[1]));
      if (cantos.length === 0) return null;
      const packs: PackEntry[] = [];
      for (const canto of cantos) {
        for (const choice of ALL_CHOICES) {
          const pack = await this.pack(request, book, canto, choice);
          if (!pack) continue;
          const sections = sectionCounts.get(pack.body) ?? 0;
          packs.push({
            book,
            canto,
            kind: choice.kind,
            ...choiceOf(choice),
            url: `/api/packs/${book}/${canto}?${choiceKey(choice)}`,
            bytes: pack.body.length,
            hash: hashOf(pack),
            sections,
          });
        }
      }
      return renderManifest({ book, position: this.position(), packs });
    });
  }
}
