import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createLogger, ProjectionProgress, ProjectionRunner, type NewEvent, type Projection } from '@epos/platform';
import { orderKeyOfNumber, sentenceStream, type Edition } from '@epos/schemas';
import { useProjectionUnderTest } from '../testkit/projection-under-test.js';
import { STATS_PROJECTION, statsProjection, type StatsReadModel } from './stats-projection.js';
import { schemaName } from '@epos/platform/projections/define-projection';
import { cantoTotalsOfRange, poemTotals, sentencesInRange, sumsOfRange } from './queries.js';

const projection = useProjectionUnderTest<StatsReadModel>(statsProjection as Projection);
const append = (id: number, events: NewEvent[]) => projection.append(sentenceStream(id), events);

const place = (sentence: number, order: number, canto = 1, section = 1, joinsPrevious = false): NewEvent => ({
  type: 'SentencePlaced',
  data: { sentence, book: 1, canto, section, stanza: 1, order: orderKeyOfNumber(order), joinsPrevious, stanzaBreaks: [] },
});
const text = (sentence: number, lines: string[] | null, edition: Edition = 'first'): NewEvent => ({
  type: 'SentenceTextSet',
  data: { sentence, edition, lines },
});
const withdraw = (sentence: number): NewEvent => ({ type: 'SentenceWithdrawn', data: { sentence } });

/** Every table of a read model in a comparable form. */
async function snapshot(db: Kysely<StatsReadModel>) {
  const sentences = await db.selectFrom('sentences').select(['id', 'number', 'book', 'canto', 'section', 'joins_previous']).orderBy('id').execute();
  const counts = await db.selectFrom('counts').selectAll().orderBy('id').orderBy('edition').execute();
  const totals = await db
    .selectFrom('totals')
    .selectAll()
    .where('sentences', '!=', 0)
    .orderBy('level')
    .orderBy('book')
    .orderBy('canto')
    .orderBy('section')
    .orderBy('edition')
    .execute();
  return { sentences, counts, totals };
}

describe('the stats projection', () => {
  it('counts a sentence per edition and line, an unrevised edition reading as the first', async () => {
    await append(1, [place(1, 10), text(1, ['It was the hour before the Gods awake.', 'Across the path of the divine Event'])]);
    const db = await append(2, [
      place(2, 20),
      text(2, ['The huge foreboding mind of Night, alone']),
      text(2, ['The vast foreboding mind of Night, alone'], 'revised'),
    ]);
    const [first] = await sentencesInRange(db, { from: 1, to: 1, edition: 'centenary' }, { offset: 0, limit: 10 });
    expect(first).toMatchObject({ number: 1, lines: 2, words: 15, text: ['It was the hour before the Gods awake.', 'Across the path of the divine Event'] });
    expect(first!.line_counts.map((l) => l[0])).toEqual([8, 7]);
    const [revised] = await sentencesInRange(db, { from: 2, to: 2, edition: 'revised' }, { offset: 0, limit: 10 });
    expect(revised!.text).toEqual(['The vast foreboding mind of Night, alone']);
    expect(await poemTotals(db, 'first')).toMatchObject({ sentences: 2, lines: 3, words: 22 });
  });

  it('renumbers by order, and a sentence that continues a line starts none', async () => {
    const db = await append(3, [place(3, 5), text(3, ['A', 'heron stood.']), place(3, 15, 1, 1, true)]);
    const numbers = await sentencesInRange(db, { from: 1, to: 10, edition: 'first' }, { offset: 0, limit: 10 });
    expect(numbers.map((s) => [s.number, s.text[0], s.lines])).toEqual([
      [1, 'It was the hour before the Gods awake.', 2],
      [2, 'A', 1],
      [3, 'The huge foreboding mind of Night, alone', 1],
    ]);
    expect(await sumsOfRange(db, { from: 2, to: 3, edition: 'first' })).toMatchObject({ sentences: 2, lines: 2, words: 10 });
  });

  it('after edits, moves and withdrawals, keeps the same counts and totals as a rebuild from position 0', async () => {
    for (let id = 10; id < 40; id++)
      await append(id, [place(id, 100 + id, id < 25 ? 1 : 2, (id % 3) + 1), text(id, [`Line ${id} of the dawn`, 'O’er the dark waters of the endless sea'])]);
    await append(12, [text(12, ['Thee doth the wouldst night,', 'short.'])]);
    await append(13, [text(13, ['A centenary line'], 'centenary')]);
    await append(13, [text(13, null, 'centenary')]);
    await append(14, [place(14, 300, 2, 5)]);
    await append(15, [withdraw(15)]);
    await append(16, [text(16, ['Three', 'more', 'fragments'], 'revised'), place(16, 116, 1, 2, true)]);
    const db = await append(17, [text(17, null)]);

    const { database } = projection;
    const check = { ...(statsProjection as Projection), name: 'stats_check' };
    const progress = new ProjectionProgress(database(), projection.store());
    await progress.start();
    const runner = new ProjectionRunner({
      database: database(),
      store: projection.store(),
      projections: [check],
      logger: createLogger('silent', 'test'),
      batchSize: 7,
    });
    await runner.start();
    const head = await projection.store().headPosition();
    expect(await progress.waitFor(head, { names: ['stats_check'], timeoutMs: 20_000 })).toBeTruthy();
    const rebuilt = await progress.readModel<StatsReadModel>('stats_check');
    try {
      const incremental = await snapshot(db);
      expect(incremental.counts.length).toBeGreaterThan(30);
      expect(await snapshot(rebuilt)).toEqual(incremental);
    } finally {
      await runner.stop();
      await progress.close();
    }
  });

  it('keeps running totals equal to the sums of the rows at every level', async () => {
    const db = await projection.append(sentenceStream(18), [text(18, ['One more change'])]);
    const differing = sql<{ level: string; diff: number }>`
      with placed as (
        select s.book, s.canto, s.section, e.edition, coalesce(c.words, f.words) as words, coalesce(c.lines, f.lines) as lines
        from sentences s cross join (values ('first'), ('centenary'), ('revised')) as e(edition)
        join counts f on f.id = s.id and f.edition = 'first' left join counts c on c.id = s.id and c.edition = e.edition
        where s.ord is not null),
      sums as (
        select 'poem' as level, 0 as book, 0 as canto, 0 as section, edition, count(*) n, sum(words) w, sum(lines) l from placed group by edition
        union all select 'book', book, 0, 0, edition, count(*), sum(words), sum(lines) from placed group by book, edition
        union all select 'canto', book, canto, 0, edition, count(*), sum(words), sum(lines) from placed group by book, canto, edition
        union all select 'section', book, canto, section, edition, count(*), sum(words), sum(lines) from placed group by book, canto, section, edition)
      select coalesce(t.level, s.level) as level, count(*)::int as diff from totals t full join sums s using (level, book, canto, section, edition)
      where coalesce(t.sentences, 0) <> coalesce(s.n, 0) or coalesce(t.words, 0) <> coalesce(s.w, 0) or coalesce(t.lines, 0) <> coalesce(s.l, 0)
      group by 1`;
    const rows = await projection
      .database()
      .db.transaction()
      .execute(async (trx) => {
        await sql`set local search_path to ${sql.id(schemaName(STATS_PROJECTION, statsProjection.version))}`.execute(trx);
        return (await differing.execute(trx)).rows;
      });
    expect(rows).toEqual([]);
    const cantos = await cantoTotalsOfRange(db, { from: 1, to: 100 });
    expect(new Set(cantos.map((c) => `${c.book}.${c.canto}`))).toEqual(new Set(['1.1', '1.2']));
    expect(
      cantos
        .filter((c) => c.canto === 2)
        .map((c) => c.edition)
        .sort(),
    ).toEqual(['centenary', 'first', 'revised']);
  });
});
