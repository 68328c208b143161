/**
 * npm run bench:admin — the admin console's budgets (issue 17) on a grown site: 10,000 users,
 * 20,000 posts, a 25,000-sentence poem and 500,000 events in the log (comments, sign-ins, editors'
 * edits, one sentence edited 1,000 times):
 * 1. any list page (/admin-api/<resource>, with sorts, filters, q and deep pages) p99 < 20 ms;
 * 2. the Events log filtered by actor or by stream p99 < 30 ms;
 * 3. the History tab of a record with 1,000 events < 50 ms.
 * Reads go at a fixed rate (an open loop, ./open-loop.ts) from a process of their own, signed in as
 * an admin; the server (API, every projection, the job queue) runs in a child process as `npm start`
 * runs it. Two lists also run under wrk beside nginx and a bare node:http serving the same bytes.
 * Env: DATABASE_URL (else an embedded PostgreSQL in a temporary folder), BENCH_USERS (10000),
 * BENCH_POSTS (20000), BENCH_SENTENCES (25000), BENCH_EVENTS (500000), BENCH_RATE (100 req/s),
 * BENCH_PACED_DURATION (10 s per group), BENCH_DURATION (5 s per wrk run), BENCH_KEEP=1 (keep the
 * database on DATABASE_URL's server afterwards, to look into its queries). Needs wrk and nginx.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { PostgresEventStore, ProjectionProgress } from '@epos/platform';
import { EventRegistry, eventCatalog, sentenceStream, SYSTEM_ACTOR, userStream, postStream } from '@epos/schemas';
import { freePort } from '@epos/platform/testkit/free-port';
import { seededRandom } from '@epos/platform/testkit/seeded-random';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { provisionHashedUser, provisionUser } from '@epos/api/accounts/provision';
import { hashPassword } from '@epos/api/accounts/passwords';
import { benchDatabase } from './bench-database.js';
import { BLOGS, seedBlogs } from './blogs/seed.js';
import { spawnServer } from './blogs/server-process.js';
import { importGeneratedPoem } from './poem/import-process.js';
import { pacedReadsProcess } from './paced-reads.js';
import { requireTools, throughputBesideReferences } from './beside-references.js';
import { seedComments, seedLongHistory, seedReaders, seedSentenceEdits, seedSignIns } from './admin/seed.js';
import { latencies, type Latencies } from './stats.js';
import { SiteClient } from '../testkit/site-client.js';
import { pinningNote } from './pinning.js';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 20_000);
const SENTENCES = Number(process.env.BENCH_SENTENCES ?? 25_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 500_000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const PACED_DURATION = Number(process.env.BENCH_PACED_DURATION ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const COMMENTS = Math.round(USERS * 2);
const EDITS = Math.round(EVENTS / 5);
const LONG_HISTORY = 1_000;
const PAGE = 25;

const report = (name: string, value: string) => console.log(`${name.padEnd(66)} ${value}`);
const ms = (value: number) => value.toFixed(1);
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
const times = ({ p50, p90, p99, max }: Latencies) => `${ms(p50)} / ${ms(p90)} / ${ms(p99)} / ${ms(max)} ms`;
console.log(
  `${os.cpus().length} cores, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the start`,
);
console.log(pinningNote());
const tools = requireTools('bench:admin');
const bench = await benchDatabase();
const store = new PostgresEventStore(bench.database, new EventRegistry(eventCatalog));
const progress = new ProjectionProgress(bench.database, store);
await progress.start();
const deps = { store, database: bench.database };
const random = seededRandom(17);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-bench-admin-'));
let server: ReturnType<typeof spawnServer> | null = null;

try {
  // 1. The site: the poem by the import tool, then everything else straight into the log.
  let started = performance.now();
  await importGeneratedPoem(bench.url, dir, SENTENCES);
  report(`seed: a ${SENTENCES}-sentence poem imported (npm run import)`, seconds(started));
  server = spawnServer(bench.url, await freePort());
  await server.ready;

  started = performance.now();
  const adminPassword = `bench-${Math.floor(random() * 1e12)}`;
  await provisionUser(deps, {
    userName: 'benchadmin',
    email: 'benchadmin@example.org',
    name: 'Bench Admin',
    password: adminPassword,
    role: 'admin',
    confirmed: true,
    actor: SYSTEM_ACTOR,
  });
  const editorHash = await hashPassword(`editor-${Math.floor(random() * 1e12)}`);
  const editors: string[] = [];
  for (let i = 1; i <= 5; i++)
    editors.push(
      await provisionHashedUser(
        deps,
        { userName: `editor${i}`, email: `editor${i}@example.org`, name: `Editor ${i}`, role: 'admin', confirmed: true, actor: SYSTEM_ACTOR },
        editorHash,
      ),
    );
  const blogs = await seedBlogs(deps, POSTS, 250);
  report(`seed: ${POSTS} posts`, seconds(started));
  started = performance.now();
  const readers = await seedReaders(
    deps,
    USERS,
    BLOGS.map((b) => b.blogId),
    random,
  );
  report(`seed: ${USERS} readers (one password hash shared)`, seconds(started));
  started = performance.now();
  const postIds = blogs.posts.map((p) => p.postId);
  await seedComments(deps, COMMENTS, readers, postIds, random);
  report(`seed: ${COMMENTS} comments`, seconds(started));

  if (!(await progress.waitFor(await store.headPosition(), { names: [POEM_PROJECTION], timeoutMs: 600_000 })))
    throw new Error('the poem projection did not catch up');
  const poemDb = await progress.readModel<PoemReadModel>(POEM_PROJECTION);
  const sentenceIds = (await poemDb.selectFrom('sentences').select('id').where('book', 'is not', null).orderBy('id').execute()).map((r) => r.id);
  const longHistory = sentenceIds[Math.floor(sentenceIds.length / 3)]!;
  started = performance.now();
  await seedLongHistory(deps, longHistory, LONG_HISTORY, editors, random);
  await seedSentenceEdits(deps, EDITS, editors, sentenceIds, random);
  report(`seed: ${EDITS + LONG_HISTORY} sentence edits by ${editors.length} editors`, seconds(started));
  started = performance.now();
  const before = Number(await store.headPosition());
  await seedSignIns(deps, Math.max(0, EVENTS - before), readers, random);
  const head = await store.headPosition();
  report(`seed: ${Number(head) - before} sign-ins`, seconds(started));
  started = performance.now();
  if (!(await progress.waitFor(head, { timeoutMs: 1_800_000 }))) throw new Error('the projections did not catch up');
  report(`seed: every projection caught up with ${head} events`, seconds(started));
  await sql`vacuum analyze`.execute(bench.database.db);

  const admin = new SiteClient(server.base);
  await admin.login('benchadmin', adminPassword);
  const headers = { cookie: admin.cookieHeader() };
  if (process.env.BENCH_KEEP === '1') console.log(`signed in as benchadmin: ${headers.cookie}`);

  // 2. The reads, each group a list of paths drawn at random by the load generator.
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const q = (o: { sort?: [string, 'ASC' | 'DESC']; page?: number; filter?: Record<string, unknown> }) => {
    const first = (o.page ?? 0) * PAGE;
    const parts = [`range=${encodeURIComponent(JSON.stringify([first, first + PAGE - 1]))}`];
    if (o.sort) parts.push(`sort=${encodeURIComponent(JSON.stringify(o.sort))}`);
    if (o.filter) parts.push(`filter=${encodeURIComponent(JSON.stringify(o.filter))}`);
    return parts.join('&');
  };
  const order = () => pick(['ASC', 'DESC'] as const);
  const pages = (total: number) => Math.floor(random() * Math.ceil(total / PAGE));
  const many = (make: () => string, n = 2000) => Array.from({ length: n }, make);
  const words = ['light', 'dawn', 'fire', 'silence', 'soul'];
  const groups: { name: string; budget: number; paths: string[]; rate?: number }[] = [
    {
      name: `users: every page, every sort; role, blog, q filters`,
      budget: 20,
      paths: many(
        () =>
          `/admin-api/users?${q({ sort: [pick(['name', 'userName', 'email', 'role', 'lastLogin', 'registeredAt']), order()], page: random() < 0.5 ? pages(USERS) : 0, filter: pick([undefined, { role: 'blogger' }, { blog: BLOGS[0]!.blogId }, { q: `reader${Math.floor(random() * USERS)}` }, { q: `Reader ${1 + Math.floor(random() * 9)}` }]) })}`,
      ),
    },
    {
      name: `posts: every page, every sort; status, blog, q filters`,
      budget: 20,
      paths: many(
        () =>
          `/admin-api/posts?${q({ sort: [pick(['title', 'blog', 'status', 'publishedAt', 'createdAt', 'updatedAt']), order()], page: random() < 0.5 ? pages(POSTS) : 0, filter: pick([undefined, { status: 'published' }, { blog: pick(BLOGS).blogId }, { q: pick(words) }]) })}`,
      ),
    },
    {
      name: `comments: newest first, by post, by author, q`,
      budget: 20,
      paths: many(
        () =>
          `/admin-api/comments?${q({ sort: [pick(['createdAt', 'upvotes']), order()], page: random() < 0.3 ? pages(COMMENTS) : 0, filter: pick([undefined, { postId: pick(postIds) }, { authorId: pick(readers) }, { q: 'thought' }]) })}`,
      ),
    },
    {
      name: `sentences: every page; book, canto, number, q`,
      budget: 20,
      paths: many(
        () =>
          `/admin-api/sentences?${q({ sort: [pick(['number', 'id']), order()], page: random() < 0.5 ? pages(SENTENCES) : 0, filter: pick([undefined, { book: 1 + Math.floor(random() * 10) }, { book: 2, canto: 3 }, { number: 1 + Math.floor(random() * SENTENCES) }, { q: pick(words) }]) })}`,
      ),
    },
    {
      name: `translations: a language, every page`,
      budget: 20,
      paths: many(
        () =>
          `/admin-api/translations?${q({ sort: ['number', order()], page: pages(SENTENCES), filter: { lang: pick(['sa', 'hi', 'fr', 'de', 'or', 'zh']) } })}`,
      ),
    },
    {
      name: `word relations, blogs, commentary layers`,
      budget: 20,
      paths: many(() =>
        pick([`/admin-api/relations?${q({ page: pages(SENTENCES) })}`, `/admin-api/blogs?${q({ sort: ['title', order()] })}`, `/admin-api/layers?${q({})}`]),
      ),
    },
    {
      name: `events: the whole log, newest first (first 40 pages)`,
      budget: 20,
      paths: many(() => `/admin-api/events?${q({ sort: ['id', 'DESC'], page: Math.floor(random() * 40) })}`),
    },
    {
      name: `events filtered by actor (an editor, a reader, the system)`,
      budget: 30,
      paths: many(
        () =>
          `/admin-api/events?${q({ sort: ['id', 'DESC'], page: Math.floor(random() * 4), filter: { actor: pick([pick(editors), pick(readers), SYSTEM_ACTOR]) } })}`,
      ),
    },
    {
      name: `events filtered by stream (a user, a sentence, a post)`,
      budget: 30,
      paths: many(
        () =>
          `/admin-api/events?${q({ sort: ['id', 'DESC'], filter: { streamId: pick([userStream(pick(readers)), sentenceStream(pick(sentenceIds)), postStream(pick(postIds)), sentenceStream(longHistory)]) } })}`,
      ),
    },
    // A History costs the server ~15 ms of CPU (the stream read and decoded): at 100 req/s it would
    // queue on the one thread; an admin opens one at a time.
    {
      name: `History tab of a sentence with ${LONG_HISTORY} edits (20 req/s)`,
      budget: 50,
      paths: [`/admin-api/history?streamId=${encodeURIComponent(sentenceStream(longHistory))}`],
      rate: 20,
    },
  ];
  // Not budgets: the worst cases of q, for the record.
  const worstCases: [string, string][] = [
    ['users, q found in every user ("example", of every email)', `/admin-api/users?${q({ filter: { q: 'example' } })}`],
    ['sentences, q of a word in 40 % of them', `/admin-api/sentences?${q({ filter: { q: 'light' } })}`],
    ['events, q of a type ("set")', `/admin-api/events?${q({ filter: { q: 'set' } })}`],
    [
      `History of the ${LONG_HISTORY}-edit sentence, its oldest page`,
      `/admin-api/history?streamId=${encodeURIComponent(sentenceStream(longHistory))}&range=${encodeURIComponent(JSON.stringify([LONG_HISTORY - 50, LONG_HISTORY]))}`,
    ],
  ];

  console.log('\none call at a time (20 calls after 2 unmeasured): median / max, size of the last answer');
  for (const group of [...groups, ...worstCases.map(([name, path]) => ({ name: `(worst case) ${name}`, paths: [path] }))]) {
    const took: number[] = [];
    let size = 0;
    for (let i = 0; i < 22; i++) {
      const url = `${server.base}${group.paths[i % group.paths.length]}`;
      const t = performance.now();
      const response = await fetch(url, { headers });
      size = (await response.arrayBuffer()).byteLength;
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      if (i >= 2) took.push(performance.now() - t);
    }
    const { p50, max } = latencies(took);
    report(`  ${group.name}`, `${ms(p50)} / ${ms(max)} ms, ${(size / 1024).toFixed(1)} KiB`);
  }

  console.log(
    `\nreads at a constant ${RATE} req/s (unless said) for ${PACED_DURATION} s per group (after 2 s unmeasured), signed in as an admin, from a process of`,
  );
  console.log('its own; latency from when each request was due to its last byte: p50 / p90 / p99 / max; the budget is on p99');
  const verdicts: string[] = [];
  for (const [i, group] of groups.entries()) {
    const rate = group.rate ?? RATE;
    await pacedReadsProcess({ base: server.base, paths: group.paths, rate, seconds: 2, warmUp: 0, seed: i + 1, headers });
    const { result } = await pacedReadsProcess({ base: server.base, paths: group.paths, rate, seconds: PACED_DURATION, warmUp: 0, seed: i + 100, headers });
    const ok = result.fromDue.p99 < group.budget && result.errors === 0 && result.non2xx === 0;
    report(`  ${group.name}`, `${times(result.fromDue)}, ${result.sent} requests, ${result.errors} errors, ${result.non2xx} non-2xx`);
    verdicts.push(`${ok ? 'within' : 'OVER'} budget: ${group.name} p99 ${ms(result.fromDue.p99)} ms (< ${group.budget} ms)`);
  }

  console.log(`\nthroughput: wrk -t1 -c32 -d${DURATION}s signed in as an admin, beside nginx and bare node:http serving the same bytes (not budgets)`);
  await throughputBesideReferences({
    tools,
    seconds: DURATION,
    serverCpuSeconds: () => server!.cpuSeconds(),
    reads: [
      { name: 'users, page 1 by name', url: `${server.base}/admin-api/users?${q({ sort: ['name', 'ASC'] })}`, cached: false, headers },
      { name: 'events, page 1 of the whole log', url: `${server.base}/admin-api/events?${q({ sort: ['id', 'DESC'] })}`, cached: false, headers },
    ],
  });

  console.log('');
  for (const verdict of verdicts) console.log(verdict);
} finally {
  await server?.stop();
  await progress.close();
  await store.close();
  await bench.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
