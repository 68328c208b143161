/**
 * npm run bench:search — search's budgets (issue 18) over the 25,000-sentence poem (three editions,
 * translations of a fifth of the sentences, notes and commentary on a tenth) and 20,000 posts:
 * 1. a full rebuild of the index from position 0 >= 5,000 documents/s (the next version of the
 *    search projection beside the served one, at the end; the first build, beside every other
 *    projection at the server's start, is reported too);
 * 2. searches p95 < 30 ms and p99 < 60 ms for a mix of rare words, common words, two-word phrases
 *    and typos, at a fixed rate from a process of its own (./open-loop.ts);
 * 3. suggestions p95 < 10 ms;
 * 4. a post published over HTTP searchable within 200 ms p99, polled as a reader would;
 * and, not a budget, throughput under wrk beside nginx and bare node:http serving the same bytes.
 * The server (API, every projection with search, the job queue) runs in a child process as `npm start`
 * runs it, started once the log is seeded, so its search projection builds the whole index then.
 * Env: DATABASE_URL (else an embedded PostgreSQL), BENCH_SENTENCES (25000), BENCH_POSTS (20000),
 * BENCH_RATE (100 req/s), BENCH_PACED_DURATION (10 s per group), BENCH_COMMANDS (50 publications),
 * BENCH_DURATION (5 s per wrk run), BENCH_KEEP=1 (keep the database on DATABASE_URL's server
 * afterwards, to look into its queries). Needs wrk and nginx.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createLogger, PostgresEventStore, ProjectionProgress, ProjectionRunner, schemaName, type NewEvent, type Projection } from '@epos/platform';
import { PostgresSearchIndex } from '@epos/platform/search/postgres/postgres-search-index';
import { searchProjection, SEARCH_PROJECTION_VERSION } from '@epos/projections/search/search-projection';
import { EventRegistry, eventCatalog, POEM_STREAM, sentenceStream, SYSTEM_ACTOR, languages } from '@epos/schemas';
import { freePort } from '@epos/platform/testkit/free-port';
import { SEARCH_PROJECTION } from '@epos/platform/search/index';
import { seededRandom } from '@epos/platform/testkit/seeded-random';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { benchDatabase } from './bench-database.js';
import { BLOGS, seedBlogs } from './blogs/seed.js';
import { NOTE_WORDS } from './admin/seed.js';
import { spawnServer } from './blogs/server-process.js';
import { importGeneratedPoem } from './poem/import-process.js';
import { pacedReadsProcess } from './paced-reads.js';
import { requireTools, throughputBesideReferences } from './beside-references.js';
import { latencies, type Latencies } from './stats.js';
import { SiteClient } from '../testkit/site-client.js';
import { pinningNote } from './pinning.js';

const SENTENCES = Number(process.env.BENCH_SENTENCES ?? 25_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 20_000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const PACED_DURATION = Number(process.env.BENCH_PACED_DURATION ?? 10);
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);

const report = (name: string, value: string) => console.log(`${name.padEnd(66)} ${value}`);
const ms = (value: number) => value.toFixed(1);
const times = ({ p50, p95, p99, max }: Latencies) => `${ms(p50)} / ${ms(p95)} / ${ms(p99)} / ${ms(max)} ms`;
console.log(
  `${os.cpus().length} cores, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the start`,
);
console.log(pinningNote());
const tools = requireTools('bench:search');
const bench = await benchDatabase();
const store = new PostgresEventStore(bench.database, new EventRegistry(eventCatalog));
const progress = new ProjectionProgress(bench.database, store);
await progress.start();
const random = seededRandom(18);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-bench-search-'));
let server: ReturnType<typeof spawnServer> | null = null;

/** Documents in a version's index. */
const documentsIn = async (schema: string) =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.id(schema, 'documents')}`.execute(bench.database.db)).rows[0]!.n);

/** Runs the next version of the search projection until it has indexed the log up to `head`. */
async function rebuildSearchIndex(head: bigint): Promise<{ seconds: number; documents: number }> {
  const version = SEARCH_PROJECTION_VERSION + 1;
  const index = new PostgresSearchIndex(bench.database, progress);
  const projection = searchProjection(index, version) as Projection;
  const rebuilder = new ProjectionRunner({ database: bench.database, store, projections: [projection], logger: createLogger('warn', 'bench-rebuild') });
  const started = performance.now();
  await rebuilder.start();
  try {
    const checkpoint = () =>
      bench.database.db
        .selectFrom('projection_checkpoints')
        .select('position')
        .where('name', '=', SEARCH_PROJECTION)
        .where('version', '=', version)
        .executeTakeFirst();
    for (;;) {
      const row = await checkpoint();
      if (row && BigInt(row.position) >= head) break;
      if (performance.now() - started > 1_800_000) throw new Error('the rebuild did not catch up');
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    return { seconds, documents: await documentsIn(schemaName(SEARCH_PROJECTION, version)) };
  } finally {
    await rebuilder.stop();
  }
}

/** Rare words, each in a handful of texts: what a reader looking for one passage types. */
const RARE = Array.from({ length: 400 }, (_, i) => `zephyr${i.toString(36)}ine`);
const WORDS = NOTE_WORDS;
const words = (n: number) =>
  Array.from({ length: n }, () => (random() < 0.03 ? RARE[Math.floor(random() * RARE.length)] : WORDS[Math.floor(random() * WORDS.length)])).join(' ');

try {
  // 1. The site in the log: the poem by the import tool, then translations, notes, commentary and posts.
  let started = performance.now();
  await importGeneratedPoem(bench.url, dir, SENTENCES);
  report(`seed: a ${SENTENCES}-sentence poem imported`, `${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  const poemDb = await progress.readModel<PoemReadModel>(POEM_PROJECTION);
  const ids = (await poemDb.selectFrom('sentences').select('id').where('book', 'is not', null).orderBy('id').execute()).map((r) => r.id);
  await store.append(POEM_STREAM, [{ type: 'CommentaryLayerDefined', data: { key: 'study', label: 'Study notes', author: 'An editor', order: 0 } }], {
    expectedRevision: 'any',
    cause: { actor: SYSTEM_ACTOR },
  });
  for (let from = 0; from < ids.length; from += 500) {
    const appends = ids.slice(from, from + 500).flatMap((id, k) => {
      const events: NewEvent[] = [];
      if ((from + k) % 5 === 0)
        for (const lang of languages) events.push({ type: 'TranslationSet', data: { sentence: id, lang, lines: [words(9), words(8)] } });
      if ((from + k) % 10 === 0) {
        events.push({ type: 'SentenceFieldSet', data: { sentence: id, field: 'motherNote', value: words(30) } });
        events.push({ type: 'SentenceFieldSet', data: { sentence: id, field: 'aurobindoNote', value: words(25) } });
        events.push({ type: 'CommentarySet', data: { sentence: id, layer: 'study', text: words(40) } });
      }
      return events.length === 0 ? [] : [{ streamId: sentenceStream(id), expectedRevision: 'stream_exists' as const, events }];
    });
    await store.appendMany(appends, { cause: { actor: SYSTEM_ACTOR } });
  }
  const blogs = await seedBlogs({ store, database: bench.database }, POSTS, 250);
  const head = await store.headPosition();
  report(
    `seed: translations of a fifth, notes and commentary on a tenth, ${POSTS} posts`,
    `${((performance.now() - started) / 1000).toFixed(1)} s, ${head} events`,
  );

  // 2. The server builds every read model, the search index among them, from position 0.
  started = performance.now();
  server = spawnServer(bench.url, await freePort());
  await server.ready;
  if (!(await progress.waitFor(head, { names: [SEARCH_PROJECTION], timeoutMs: 1_800_000 }))) throw new Error('the search projection did not catch up');
  const buildSeconds = (performance.now() - started) / 1000;
  const schema = await progress.schemaOf(SEARCH_PROJECTION);
  const documents = await documentsIn(schema);
  report(
    'index built from position 0 (server start to caught up, beside every other projection)',
    `${buildSeconds.toFixed(1)} s, ${documents} documents, ${(documents / buildSeconds).toFixed(0)} documents/s`,
  );
  // The reads are measured once nothing else is catching up.
  if (!(await progress.waitFor(head, { timeoutMs: 1_800_000 }))) throw new Error('the projections did not catch up');
  await sql`vacuum analyze`.execute(bench.database.db);

  // 3. Searches and suggestions at a fixed rate.
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const typo = (word: string) => `${word.slice(0, -2)}${word.at(-1)}${word.at(-2)}`;
  const scopes = ['first', 'first', 'first', 'translations', 'notes', 'commentary', 'posts'] as const;
  const search = (q: string, phrase = false) => `/api/v2/search?q=${encodeURIComponent(q)}&t=${pick(scopes)}${phrase ? '&phrase=true' : ''}`;
  const mixes: { name: string; paths: string[]; p95: number; p99: number }[] = [
    { name: 'rare words', paths: Array.from({ length: 1000 }, () => search(pick(RARE))), p95: 30, p99: 60 },
    { name: 'common words', paths: Array.from({ length: 1000 }, () => search(pick(WORDS))), p95: 30, p99: 60 },
    { name: 'two-word phrases', paths: Array.from({ length: 1000 }, () => search(`${pick(WORDS)} ${pick(WORDS)}`, true)), p95: 30, p99: 60 },
    { name: 'typos', paths: Array.from({ length: 1000 }, () => search(typo(pick([...WORDS, ...RARE])))), p95: 30, p99: 60 },
  ];
  mixes.push({ name: 'the four mixed', paths: mixes.flatMap((m) => m.paths.slice(0, 250)), p95: 30, p99: 60 });
  const suggestions = {
    name: 'suggestions, 1 to 4 characters',
    paths: Array.from(
      { length: 1000 },
      () => `/api/v2/search/suggest?q=${encodeURIComponent(pick([...WORDS, ...RARE]).slice(0, 1 + Math.floor(random() * 4)))}`,
    ),
    p95: 10,
    p99: Infinity,
  };

  console.log('\none call at a time (20 after 2 unmeasured): median / max');
  for (const group of [...mixes, suggestions]) {
    const took: number[] = [];
    for (let i = 0; i < 22; i++) {
      const t = performance.now();
      const response = await fetch(`${server.base}${group.paths[i]}`);
      if (response.ok) await response.arrayBuffer();
      if (!response.ok) throw new Error(`${group.paths[i]}: ${response.status} ${await response.text()}`);
      if (i >= 2) took.push(performance.now() - t);
    }
    const { p50, max } = latencies(took);
    report(`  ${group.name}`, `${ms(p50)} / ${ms(max)} ms`);
  }
  console.log(
    `\nat a constant ${RATE} req/s for ${PACED_DURATION} s each (after 2 s unmeasured), from a process of its own: p50 / p95 / p99 / max from when due`,
  );
  const verdicts: string[] = [];
  for (const [i, group] of [...mixes, suggestions].entries()) {
    await pacedReadsProcess({ base: server.base, paths: group.paths, rate: RATE, seconds: 2, warmUp: 0, seed: i + 1 });
    const { result } = await pacedReadsProcess({ base: server.base, paths: group.paths, rate: RATE, seconds: PACED_DURATION, warmUp: 0, seed: i + 100 });
    report(`  ${group.name}`, `${times(result.fromDue)}, ${result.sent} requests, ${result.errors} errors, ${result.non2xx} non-2xx`);
    const ok = result.fromDue.p95 < group.p95 && result.fromDue.p99 < group.p99 && result.errors === 0 && result.non2xx === 0;
    verdicts.push(
      `${ok ? 'within' : 'OVER'} budget: ${group.name} p95 ${ms(result.fromDue.p95)} ms (< ${group.p95}), p99 ${ms(result.fromDue.p99)} ms${Number.isFinite(group.p99) ? ` (< ${group.p99})` : ''}`,
    );
  }

  console.log(`\nthroughput: wrk -t1 -c32 -d${DURATION}s, beside nginx and bare node:http serving the same bytes (not budgets)`);
  await throughputBesideReferences({
    tools,
    seconds: DURATION,
    serverCpuSeconds: () => server!.cpuSeconds(),
    reads: [
      { name: 'a rare word, First edition', url: `${server.base}/api/v2/search?q=${RARE[7]}&t=first`, cached: false },
      { name: 'a common word, First edition', url: `${server.base}/api/v2/search?q=${WORDS[0]}&t=first`, cached: false },
      { name: 'suggestions for "li"', url: `${server.base}/api/v2/search/suggest?q=li`, cached: false },
    ],
  });

  // 4. Publications over HTTP, each polled for with a word only it holds.
  const publisher = new SiteClient(server.base);
  await publisher.login(blogs.blogger.userName, blogs.blogger.password);
  const visible: number[] = [];
  for (let i = 0; i < COMMANDS; i++) {
    const word = `fresh${i}word${Math.floor(random() * 1e6)}`;
    const sent = performance.now();
    const response = await publisher.request('POST', '/postdata/create', {
      body: { blog_id: BLOGS[0]!.blogId, title: `A new post ${word}`, series_title: 'Fresh news', md_content: `Just published: ${word}.`, status: 0 },
    });
    if (!response.ok) throw new Error(`publish: ${response.status} ${await response.text()}`);
    for (;;) {
      const found = (await (await fetch(`${server.base}/api/v2/search?q=${word}&t=posts`)).json()) as { total: number };
      if (found.total > 0) break;
      if (performance.now() - sent > 10_000) throw new Error(`${word} never became searchable`);
      await new Promise((r) => setTimeout(r, 5));
    }
    visible.push(performance.now() - sent);
  }
  const seen = latencies(visible);
  report(`a published post searchable (${COMMANDS} posts, polled every 5 ms): p50 / p95 / p99 / max`, `${times(seen)}`);
  verdicts.push(`${seen.p99 < 200 ? 'within' : 'OVER'} budget: a published post searchable p99 ${ms(seen.p99)} ms (< 200 ms)`);

  // 5. A full rebuild, as a deployment that changes the mapping starts one: the next version of the
  // search projection from position 0, in this process, while the site goes on serving the current one.
  const rebuilt = await rebuildSearchIndex(head);
  report(
    `index rebuilt from position 0 (version ${SEARCH_PROJECTION_VERSION + 1} beside the served one, alone)`,
    `${rebuilt.seconds.toFixed(1)} s, ${rebuilt.documents} documents, ${(rebuilt.documents / rebuilt.seconds).toFixed(0)} documents/s (budget >= 5,000)`,
  );
  verdicts.push(
    `${rebuilt.documents / rebuilt.seconds >= 5000 ? 'within' : 'OVER'} budget: index rebuild ${(rebuilt.documents / rebuilt.seconds).toFixed(0)} documents/s (>= 5,000; the first build beside every other projection: ${(documents / buildSeconds).toFixed(0)})`,
  );
  console.log('');
  for (const verdict of verdicts) console.log(verdict);
} finally {
  await server?.stop();
  await progress.close();
  await store.close();
  await bench.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
