import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '@epos/platform';
import type { SearchDocument } from '@epos/schemas/search/documents';
import { bookKey, cantoKey, sectionKey } from '@epos/domain/poem/structure-state';
import { poemBookNamed, poemCantoNamed, poemSectionNamed } from '@epos/schemas';
import { documentsForHeading } from './documents.js';
import type { SearchStateModel } from './read-model.js';

type Db = Kysely<SearchStateModel>;
type HeadingRow = SearchStateModel['headings'];

/** The events that name a book, a canto or a section (on the poem's stream). */
export const HEADING_EVENTS: ReadonlySet<string> = new Set([poemBookNamed, poemCantoNamed, poemSectionNamed].map((e) => e.type));

/** Where a sentence stands: the parts whose headings may start with it. */
export interface Place {
  book: number;
  canto: number;
  section: number;
}

const partsOf = (place: Place) => [bookKey(place.book), cantoKey(place.book, place.canto), sectionKey(place.book, place.canto, place.section)];

/** The places these sentences stand in now (the parts a renumbering or a move reaches). */
export async function placesOf(db: Db, sentences: readonly number[]): Promise<Place[]> {
  if (sentences.length === 0) return [];
  const rows = await db
    .selectFrom('sentences')
    .select(['book', 'canto', 'section'])
    .distinct()
    .where(sql<boolean>`id = any(${sentences}::int[])`)
    .where('book', 'is not', null)
    .execute();
  return rows.map((r) => ({ book: r.book!, canto: r.canto!, section: r.section! }));
}

function namedRow(event: RecordedEvent): HeadingRow {
  const { book, canto, section, name } = event.data as { book: number; canto?: number; section?: number; name: string };
  const key = canto === undefined ? bookKey(book) : section === undefined ? cantoKey(book, canto) : sectionKey(book, canto, section);
  return { key, book, canto: canto ?? null, section: section ?? null, name, first_canto: null, first_section: null, first_number: null };
}

const headingsOf = (db: Db, keys: readonly string[]) =>
  db
    .selectFrom('headings')
    .selectAll()
    .where(sql<boolean>`key = any(${keys}::text[])`)
    .execute();

const documentsOf = (rows: readonly HeadingRow[]) =>
  rows.flatMap((row) =>
    documentsForHeading({
      ...row,
      first:
        row.first_number === null || row.first_canto === null || row.first_section === null
          ? null
          : { canto: row.first_canto, section: row.first_section, number: row.first_number },
    }),
  );

/**
 * Points the headings of these parts at their first sentence as the sentences table stands now
 * (their first section's first in order; null while a part has none), in one statement: answers
 * the rows as they were (`was`, as this statement found them) and the rows it changed (`now`).
 */
async function locate(db: Db, keys: readonly string[]): Promise<{ was: HeadingRow[]; now: HeadingRow[] }> {
  const { rows } = await sql<HeadingRow & { side: 'was' | 'now' }>`
    with was as (select * from headings where key = any(${keys}::text[])),
    now as (
      update headings h set first_canto = f.canto, first_section = f.section, first_number = f.number
      from was k left join lateral (
        select s.canto, s.section, s.number from sentences s
        where s.book = k.book and s.ord is not null and s.number is not null
          and s.canto between coalesce(k.canto, 0) and coalesce(k.canto, 2147483647)
          and s.section between coalesce(k.section, 0) and coalesce(k.section, 2147483647)
        order by s.canto, s.section, s.ord limit 1
      ) f on true
      where h.key = k.key and (k.first_canto, k.first_section, k.first_number) is distinct from (f.canto, f.section, f.number)
      returning h.*
    )
    select 'was' as side, * from was union all select 'now' as side, * from now`.execute(db);
  const side = (which: 'was' | 'now') => rows.filter((r) => r.side === which).map(({ side: _, ...row }) => row);
  return { was: side('was'), now: side('now') };
}

/**
 * A batch's names of parts, and the parts its sentences left, entered or renumbered: the documents
 * of the headings it renamed or moved, before and after (for the caller to write with the
 * sentences'). A batch that moves no heading costs one statement.
 */
export async function headingChanges(
  db: Db,
  events: readonly RecordedEvent[],
  moved: readonly Place[],
): Promise<{ before: SearchDocument[]; after: SearchDocument[] }> {
  // One statement cannot write a row twice: the batch's last name of a part wins.
  const named = [...new Map(events.map(namedRow).map((row) => [row.key, row])).values()];
  const keys = [...new Set([...named.map((row) => row.key), ...moved.flatMap(partsOf)])];
  if (keys.length === 0) return { before: [], after: [] };
  const renamed =
    named.length === 0
      ? []
      : await headingsOf(
          db,
          named.map((row) => row.key),
        );
  if (named.length > 0) {
    await db
      .insertInto('headings')
      .values(named)
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
      .execute();
  }
  const { was, now } = await locate(db, keys);
  const changed = new Set([...named.map((row) => row.key), ...now.map((row) => row.key)]);
  // Before the batch: a renamed heading as it was before its new name, the others as locate found them.
  const before = new Map([...was, ...renamed].map((row) => [row.key, row]));
  const after = new Map([...was, ...now].map((row) => [row.key, row]));
  const pick = (rows: Map<string, HeadingRow>) => [...changed].flatMap((key) => rows.get(key) ?? []);
  return { before: documentsOf(pick(before)), after: documentsOf(pick(after)) };
}
