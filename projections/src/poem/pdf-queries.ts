import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PdfPart } from '@epos/schemas';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import { bookKey, cantoKey, emptyStructure, type PoemStructure } from '@epos/domain/poem/structure-state';
import type { DerivedFields, PoemReadModel } from './read-model.js';

/** What a PDF edition of a book or canto prints: the names around it and its sentences in order. */
export interface PdfPartContent {
  title: string | null;
  author: string | null;
  bookName: string;
  /** The cantos covered, in order, with their section names. */
  cantos: { canto: number; name: string; sections: Record<number, string> }[];
  layers: Record<string, { label: string; author: string; order: number }>;
  sentences: { canto: number; section: number; state: SentenceState; derived: DerivedFields }[];
}

function partRows(db: Kysely<PoemReadModel>, part: PdfPart) {
  let query = db.selectFrom('sentences').where('book', '=', part.book);
  if (part.typeOf === 2) query = query.where('canto', '=', part.canto);
  return query;
}

async function structureOf(db: Kysely<PoemReadModel>): Promise<PoemStructure> {
  return (await db.selectFrom('structure').select('state').where('id', '=', 1).executeTakeFirst())?.state ?? emptyStructure();
}

/** The names a part's edition prints (a change to another book's names leaves its version alone). */
function namesOf(structure: PoemStructure, part: PdfPart) {
  const prefix = part.typeOf === 2 ? `${cantoKey(part.book, part.canto)}.` : `${bookKey(part.book)}.`;
  const pick = <V>(record: Record<string, V>, keyPrefix: string) =>
    Object.entries(record)
      .filter(([k]) => k.startsWith(keyPrefix))
      .sort(([a], [b]) => a.localeCompare(b));
  return {
    title: structure.title ?? null,
    author: structure.author ?? null,
    book: structure.books[bookKey(part.book)]?.name ?? '',
    cantos: pick(structure.cantos, `${bookKey(part.book)}.`).map(([k, c]) => [k, c.name]),
    sections: pick(structure.sections, prefix).map(([k, s]) => [k, s.name]),
    layers: structure.layers,
  };
}

/**
 * The content version of a part: a hash of every sentence's stream revision and running number
 * and of the names and layers the edition prints. It changes exactly when an event changes what
 * the part's PDF would show, so it stands in for "the position of the last event that changed the
 * part"; null when the part has no sentences (no such book or canto).
 */
export async function pdfPartVersion(db: Kysely<PoemReadModel>, part: PdfPart): Promise<string | null> {
  const [rows, structure] = await Promise.all([
    partRows(db, part).select(['id', 'sentence', 'revision', 'canto', 'section']).orderBy('ord').execute(),
    structureOf(db),
  ]);
  if (rows.length === 0) return null;
  const hash = createHash('sha256');
  hash.update(JSON.stringify(namesOf(structure, part)));
  for (const r of rows) hash.update(`${r.id}:${r.sentence}:${r.revision}:${r.canto}:${r.section};`);
  return hash.digest('hex').slice(0, 40);
}

/** Everything the part's edition prints, read in one snapshot, with the version it has. */
export async function pdfPartContent(db: Kysely<PoemReadModel>, part: PdfPart): Promise<{ content: PdfPartContent; version: string } | null> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const version = await pdfPartVersion(trx, part);
      if (version === null) return null;
      const [rows, structure] = await Promise.all([
        partRows(trx, part).select(['canto', 'section', 'state', 'derived']).orderBy('ord').execute(),
        structureOf(trx),
      ]);
      const cantoNumbers = [...new Set(rows.map((r) => r.canto!))];
      const content: PdfPartContent = {
        title: structure.title ?? null,
        author: structure.author ?? null,
        bookName: structure.books[bookKey(part.book)]?.name ?? '',
        cantos: cantoNumbers.map((canto) => {
          const sections: Record<number, string> = {};
          for (const r of rows) if (r.canto === canto) sections[r.section!] = structure.sections[`${cantoKey(part.book, canto)}.${r.section}`]?.name ?? '';
          return { canto, name: structure.cantos[cantoKey(part.book, canto)]?.name ?? '', sections };
        }),
        layers: structure.layers,
        sentences: rows.map((r) => ({ canto: r.canto!, section: r.section!, state: r.state, derived: r.derived })),
      };
      return { content, version };
    });
}
