import { sql, type Kysely } from 'kysely';
import type { Edition } from '@epos/schemas';
import type { HighlightsReadModel } from './highlights-projection.js';

/** The verse line (from 0) of a sentence's text that character `at` falls on: the line breaks before it. */
const lineAt = (at: ReturnType<typeof sql>) => sql<number>`length(left(h.text, ${at})) - length(replace(left(h.text, ${at}), E'\\n', ''))`;

/**
 * The lines of sentences `ids` (permanent ids) in `edition` that at least `minReaders` sharing
 * readers highlighted (a highlight counts on every line it covers, a reader once per line), the
 * most marked first: lines are counted on the text each highlight was made on.
 */
export async function mostHighlightedLines(
  db: Kysely<HighlightsReadModel>,
  schema: string,
  ids: readonly number[],
  edition: Edition,
  minReaders: number,
  limit: number,
): Promise<{ sentence_id: number; line: number; readers: number }[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ sentence_id: number; line: number; readers: number }>`
    with marked as (
      select h.sentence_id, h.user_id, ${lineAt(sql`h.quote_start`)} as first_line, ${lineAt(sql`h.quote_end - 1`)} as last_line
      from ${sql.id(schema, 'highlights')} h join ${sql.id(schema, 'sharing')} s on s.user_id = h.user_id
      where h.sentence_id = any(${[...ids]}::int[]) and h.edition = ${edition}
    )
    select sentence_id, line::int, count(distinct user_id)::int as readers
    from marked, generate_series(first_line, last_line) as line
    group by sentence_id, line
    having count(distinct user_id) >= ${minReaders}
    order by readers desc, sentence_id, line
    limit ${limit}`.execute(db);
  return rows;
}

/** Whether the reader's highlights count in the most highlighted lines. */
export async function sharesHighlights(db: Kysely<HighlightsReadModel>, userId: string): Promise<boolean> {
  return (await db.selectFrom('sharing').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}
