import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { COUNT_CAP, pageInOrder, totalUpTo } from './lists.js';

const database = useTestDatabase();

describe('list pages', () => {
  it('counts exactly up to the cap and answers null (an unknown total) beyond it', async () => {
    const { db } = database().database;
    expect(await totalUpTo(db, sql`select 1 from generate_series(1, ${COUNT_CAP})`)).toBe(COUNT_CAP);
    expect(await totalUpTo(db, sql`select 1 from generate_series(1, ${COUNT_CAP + 1})`)).toBeNull();
    expect(await totalUpTo(db, sql`select 1 where false`)).toBe(0);
  });

  it('orders by the column then the id the same way, empty values first ascending and last descending, one page at a time', async () => {
    const { db } = database().database;
    await sql`create table listed (id int primary key, seen timestamptz)`.execute(db);
    await sql`insert into listed values (1, '2026-01-02'), (2, null), (3, '2026-01-01'), (4, '2026-01-02'), (5, null)`.execute(db);
    const page = async (order: 'asc' | 'desc', start: number, end: number) =>
      (
        await (db as unknown as Kysely<{ listed: { id: number; seen: string | null } }>)
          .selectFrom('listed')
          .select('id')
          .$call(pageInOrder('seen', 'id', order, { start, end }))
          .execute()
      ).map((r) => r.id);
    expect(await page('asc', 0, 4)).toEqual([2, 5, 3, 1, 4]);
    expect(await page('desc', 0, 4)).toEqual([4, 1, 3, 5, 2]);
    expect(await page('asc', 1, 2)).toEqual([5, 3]);
  });
});
