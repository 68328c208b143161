/**
 * npm run bench:blogs — the blogs' budgets with 20,000 published posts in the log:
 * 1. blog list pages and post pages at a fixed 200 req/s (p99 < 15 ms);
 * 2. a post published over HTTP visible in its blog's list, archive, series and feed within
 *    200 ms (p99) of the command, as a reader polling without X-Consistent-After sees it.
 * Also: how long seeding and the blogs projection take, and where the time of each call goes.
 * Env: DATABASE_URL (else an embedded PostgreSQL in a temporary folder on a free port),
 * BENCH_POSTS (20000), BENCH_DURATION (20 s per load run), BENCH_COMMANDS (100), BENCH_EXPLAIN=1
 * (print the query plans in full).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { CompiledQuery, sql } from 'kysely';
import { createLogger, loadConfig, PostgresEventStore, ProjectionProgress, ProjectionRunner, type StreamAppend } from '@epos/platform';
import { blogStream, EventRegistry, eventCatalog, postStream, postUrlStream, slugify, SYSTEM_ACTOR, userStream } from '@epos/schemas';
import { buildApi } from '@epos/api';
import { provisionUser } from '@epos/api/accounts/provision';
import { postsWithAuthor } from '@epos/api/blogs/queries';
import { createJobQueue } from '@epos/platform/jobs/index';
import { NotificationListener } from '@epos/platform/db/notifications';
import { EVENTS_CHANNEL } from '@epos/platform/event-store/postgres/postgres-event-store';
import { parseProgress, PROJECTIONS_CHANNEL } from '@epos/platform/projections/notifications';
import { allProjections } from '@epos/projections';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import { benchDatabase, percentile } from './bench-database.js';
import { pick, postMarkdown, postTitle, seeded, seriesTitles } from './blogs/content.js';

const POSTS = Number(process.env.BENCH_POSTS ?? 20_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 100);
const RATE = 200;
const CONNECTIONS = 4;
const BATCH = 250;
const SERIES_PER_BLOG = 9;
const YEARS = 6;
const POLL_MS = 5;
const PAUSE_MS = 100;
const VISIBLE_TIMEOUT_MS = 10_000;
const BLOGS = [
  { blogId: 'reading-notes', title: 'Reading Notes', description: 'Notes from a slow reading of the poem.', share: 0.4 },
  { blogId: 'evening-letters', title: 'Evening Letters', description: 'Letters and essays about the poem.', share: 0.3 },
  { blogId: 'study-circle', title: 'Study Circle', description: 'What the weekly study group read.', share: 0.2 },
  { blogId: 'translators-desk', title: "The Translator's Desk", description: 'Notes from the translations.', share: 0.1 },
];

const runStarted = performance.now();
const logger = createLogger('warn', 'bench');
const bench = await benchDatabase();
const store = new PostgresEventStore(bench.database, new EventRegistry(eventCatalog));
const progress = new ProjectionProgress(bench.database, store);
await progress.start();
// All of the product's projections, live in this process, as `npm start` runs them.
const runner = new ProjectionRunner({ database: bench.database, store, logger, projections: allProjections });
await runner.start();
const jobs = createJobQueue({ databaseUrl: bench.url, prefix: 'bench' });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-bench-blogs-'));
const report = (name: string, value: string) => console.log(`${name.padEnd(60)} ${value}`);
const ms = (value: number) => value.toFixed(1);
let app: Awaited<ReturnType<typeof buildApi>> | null = null;

try {
  // 0. People and blogs: three authors, and the blogger who publishes over HTTP in part 2.
  const cause = { actor: SYSTEM_ACTOR };
  const authors: string[] = [];
  for (let i = 1; i <= 3; i++) {
    authors.push(await provisionUser({ store, database: bench.database }, { userName: `author${i}`, email: `author${i}@example.org`, name: `Author ${i}`, password: null, role: 'blogger', confirmed: true, actor: SYSTEM_ACTOR }));
  }
  const password = `bench-${randomBytes(8).toString('hex')}`;
  const bloggerId = await provisionUser({ store, database: bench.database }, { userName: 'benchblogger', email: 'benchblogger@example.org', name: 'Bench Blogger', password, role: 'blogger', confirmed: true, actor: SYSTEM_ACTOR });
  for (const blog of BLOGS) await store.append(blogStream(blog.blogId), [{ type: 'BlogCreated', data: { blogId: blog.blogId, title: blog.title, description: blog.description } }], { expectedRevision: 'no_stream', cause });
  const measured = BLOGS[0]!;
  await store.append(userStream(bloggerId), [{ type: 'BlogsAssigned', data: { userId: bloggerId, blogs: [measured.blogId] } }], { expectedRevision: 'stream_exists', cause });

  // 1. Seed 20,000 published posts straight into the log, oldest first, over six years.
  const random = seeded(20_000);
  const series = new Map(BLOGS.map((b) => [b.blogId, seriesTitles(random, SERIES_PER_BLOG)]));
  const now = Date.now();
  const times = Array.from({ length: POSTS }, () => now - 3_600_000 - random() * YEARS * 365 * 86_400_000).sort((a, b) => a - b);
  const posts: { blogId: string; url: string }[] = [];
  const chooseBlog = () => {
    let r = random();
    for (const blog of BLOGS) if ((r -= blog.share) < 0) return blog.blogId;
    return BLOGS.at(-1)!.blogId;
  };
  const seedStarted = performance.now();
  let head = 0n;
  for (let from = 0; from < POSTS; from += BATCH) {
    const appends: StreamAppend[] = [];
    for (let i = from; i < Math.min(POSTS, from + BATCH); i++) {
      const postId = crypto.randomUUID();
      const blogId = chooseBlog();
      const title = postTitle(random, i + 1);
      const url = slugify(title);
      const seriesTitle = pick(random, series.get(blogId)!);
      posts.push({ blogId, url });
      appends.push(
        { streamId: postUrlStream(url), events: [{ type: 'PostUrlReserved', data: { url, postId } }], expectedRevision: 'no_stream' },
        {
          streamId: postStream(postId),
          events: [
            { type: 'PostCreated', data: { postId, blogId, url, authorId: pick(random, authors), content: { title, subtitle: random() < 0.3 ? 'A note' : '', seriesTitle, excerpt: '', markdown: postMarkdown(random) } } },
            { type: 'PostPublished', data: { postId, publishedAt: new Date(times[i]!).toISOString(), scheduled: false, first: true } },
          ],
          expectedRevision: 'no_stream',
        },
      );
    }
    head = (await store.appendMany(appends, { cause })).position;
  }
  const appendedSeconds = (performance.now() - seedStarted) / 1000;
  if (!(await progress.waitFor(head, { names: [BLOGS_PROJECTION], timeoutMs: 900_000 }))) throw new Error('the blogs projection did not catch up');
  const projectedSeconds = (performance.now() - seedStarted) / 1000;
  if (!(await progress.waitFor(head, { timeoutMs: 900_000 }))) throw new Error('the projections did not catch up');
  const allSeconds = (performance.now() - seedStarted) / 1000;
  const eventCount = Number(head);
  report(`seed: ${POSTS} posts (${eventCount} events) appended in batches of ${BATCH}`, `${appendedSeconds.toFixed(1)} s`);
  report('seed: blogs projection caught up (from the first append)', `${projectedSeconds.toFixed(1)} s (${(eventCount / projectedSeconds).toFixed(0)} events/s)`);
  report('seed: every projection caught up', `${allSeconds.toFixed(1)} s`);
  // A site that has grown to 20,000 posts has been vacuumed and analysed by autovacuum.
  await sql`vacuum analyze`.execute(bench.database.db);

  const counts = new Map(BLOGS.map((b) => [b.blogId, posts.filter((p) => p.blogId === b.blogId).length]));
  report('posts per blog', BLOGS.map((b) => `${b.blogId} ${counts.get(b.blogId)}`).join(', '));

  // The API, as `npm start` serves it.
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: bench.url, LOG_LEVEL: 'warn' });
  app = await buildApi({ config, database: bench.database, store, progress, logger, jobs }, { serveUi: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // 2. Where the time goes: each call alone, one after another, on the biggest blog.
  const blogId = measured.blogId;
  const blogPosts = posts.filter((p) => p.blogId === blogId);
  const lastPage = Math.ceil(blogPosts.length / 10);
  const seriesSlug = slugify(series.get(blogId)![0]!);
  const middle = blogPosts[Math.floor(blogPosts.length / 2)]!;
  const calls: [string, string][] = [
    ['list, page 1', `/api/blogs/${blogId}`],
    [`list, last page (${lastPage})`, `/api/blogs/${blogId}?page=${lastPage}`],
    ['post page (a middle post)', `/api/blogs/${blogId}/${middle.url}`],
    ['archive', `/api/blogs/${blogId}/archive`],
    ['series, newest first', `/api/blogs/${blogId}/series/${seriesSlug}?sort=newest`],
    ['feed (RSS, 20 posts)', `/api/blogs/${blogId}/feed`],
  ];
  console.log(`\none call at a time on ${blogId} (${blogPosts.length} posts), 20 calls each: median / max, size`);
  for (const [name, url] of calls) {
    const took: number[] = [];
    let size = 0;
    for (let i = 0; i < 22; i++) {
      const t = performance.now();
      const response = await fetch(`${base}${url}`);
      size = (await response.arrayBuffer()).byteLength;
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      if (i >= 2) took.push(performance.now() - t);
    }
    took.sort((a, b) => a - b);
    report(`  GET ${name}`, `${ms(percentile(took, 50))} / ${ms(took.at(-1)!)} ms, ${(size / 1024).toFixed(1)} KiB`);
  }
  await explainQueries(blogId, lastPage, middle.url, seriesSlug);

  // 3. Reads at a fixed 200 req/s: list pages over every page of every blog, then random posts.
  const listPaths = BLOGS.flatMap((b) => Array.from({ length: Math.ceil(counts.get(b.blogId)! / 10) }, (_, i) => `/api/blogs/${b.blogId}?page=${i + 1}`));
  const postPaths = posts.map((p) => `/api/blogs/${p.blogId}/${p.url}`);
  const setupRequest = fileURLToPath(new URL('./blogs/random-path.cjs', import.meta.url));
  const load = async (paths: string[], duration: number) => {
    const file = path.join(tmp, `paths-${randomBytes(4).toString('hex')}.json`);
    fs.writeFileSync(file, JSON.stringify(paths));
    process.env.EPOS_BENCH_PATHS = file;
    return (await autocannon({ url: base, duration, connections: CONNECTIONS, workers: 1, overallRate: RATE, requests: [{ method: 'GET', setupRequest }] })) as unknown as autocannon.Result;
  };
  const loads: { name: string; result: autocannon.Result }[] = [];
  for (const [name, paths] of [
    [`GET /api/blogs/{blog}?page=n (n over all ${listPaths.length} pages)`, listPaths],
    [`GET /api/blogs/{blog}/{post} (random among ${postPaths.length})`, postPaths],
  ] as const) {
    await load(paths, 3);
    loads.push({ name, result: await load(paths, DURATION) });
  }
  console.log(`\nreads at ${RATE} req/s for ${DURATION} s each (${CONNECTIONS} connections; autocannon in a worker thread of this process, on the same cores: latency is client-side)`);
  for (const { name, result } of loads) {
    const l = result.latency;
    report(`  ${name}`, '');
    report('    p50 / p90 / p99 / max', `${l.p50} / ${l.p90} / ${l.p99} / ${l.max} ms`);
    report('    requests, achieved rate, errors / timeouts / non-2xx', `${result.requests.total}, ${result.requests.average.toFixed(0)} req/s, ${result.errors} / ${result.timeouts} / ${result.non2xx}`);
  }

  // 4. Publish over HTTP as a signed-in blogger; poll as readers do (no X-Consistent-After).
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]!;
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfResponse = await fetch(`${base}/api/csrf`);
  remember(csrfResponse);
  const { token } = (await csrfResponse.json()) as { token: string };
  const post = async (url: string, body: unknown) => {
    const response = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: cookieHeader() }, body: JSON.stringify(body) });
    remember(response);
    return response;
  };
  const login = await post('/login', { UserName: 'benchblogger', Password: password });
  if (login.status !== 200) throw new Error(`could not log in: ${login.status} ${await login.text()}`);

  // When the log's head and the blogs checkpoint moved, as their notifications arrive here.
  const appendedAt: [number, bigint][] = [];
  const projectedAt: [number, bigint][] = [];
  const events = new NotificationListener(bench.url, EVENTS_CHANNEL);
  events.onPayload((payload) => appendedAt.push([performance.now(), BigInt(payload)]));
  const checkpoints = new NotificationListener(bench.url, PROJECTIONS_CHANNEL);
  checkpoints.onPayload((payload) => {
    const message = parseProgress(payload);
    if (message?.kind === 'progress' && message.name === BLOGS_PROJECTION) projectedAt.push([performance.now(), message.position]);
  });
  await Promise.all([events.start(), checkpoints.start()]);
  const reached = (log: [number, bigint][], position: bigint) => log.find(([, p]) => p >= position)?.[0];

  const targets = ['list', 'archive', 'series', 'feed'] as const;
  const visible: Record<(typeof targets)[number] | 'all' | 'command' | 'appended' | 'projected', number[]> = { list: [], archive: [], series: [], feed: [], all: [], command: [], appended: [], projected: [] };
  const polls: Record<(typeof targets)[number], number> = { list: 0, archive: 0, series: 0, feed: 0 };
  const until = async (target: (typeof targets)[number], url: string, seen: (body: string) => boolean, sent: number) => {
    for (;;) {
      const response = await fetch(`${base}${url}`);
      const body = await response.text();
      polls[target] += 1;
      const at = performance.now() - sent;
      if (response.ok && seen(body)) return at;
      if (at > VISIBLE_TIMEOUT_MS) throw new Error(`not visible in ${url} after ${VISIBLE_TIMEOUT_MS} ms`);
      await sleep(POLL_MS);
    }
  };
  const blogSeries = series.get(blogId)!;
  for (let i = 0; i < COMMANDS; i++) {
    const title = `Bench publication ${i + 1} ${randomBytes(3).toString('hex')}`;
    const url = slugify(title);
    const seriesTitle = blogSeries[i % blogSeries.length]!;
    const sSlug = slugify(seriesTitle);
    const sent = performance.now();
    const command = (async () => {
      const response = await post('/postdata/create', { blog_id: blogId, title, series_title: seriesTitle, md_content: postMarkdown(random), status: 0 });
      const answered = performance.now() - sent;
      const body = (await response.json()) as { url?: string };
      if (!response.ok || body.url !== url) throw new Error(`create failed: ${response.status} ${JSON.stringify(body)}`);
      visible.command.push(answered);
      return BigInt(response.headers.get('x-position')!);
    })();
    const seen = await Promise.all([
      until('list', `/api/blogs/${blogId}`, (b) => b.includes(`"url":"${url}"`), sent),
      until('archive', `/api/blogs/${blogId}/archive`, (b) => b.includes(`"postslug":"${url}"`), sent),
      until('series', `/api/blogs/${blogId}/series/${sSlug}?sort=newest`, (b) => b.includes(`"url":"${url}"`), sent),
      until('feed', `/api/blogs/${blogId}/feed`, (b) => b.includes(`/blogs/${blogId}/${url}<`), sent),
      command,
    ]);
    targets.forEach((target, j) => visible[target].push(seen[j] as number));
    const position = seen[4] as bigint;
    visible.appended.push(reached(appendedAt, position)! - sent);
    visible.projected.push(reached(projectedAt, position)! - sent);
    visible.all.push(Math.max(...targets.map((_, j) => seen[j] as number)));
    await sleep(PAUSE_MS);
  }
  for (const values of Object.values(visible)) values.sort((a, b) => a - b);
  const figures = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 99))} / ${ms(values.at(-1)!)} ms`;
  console.log(`\n${COMMANDS} posts published over HTTP (POST /postdata/create, status 0), one at a time, ${PAUSE_MS} ms apart;`);
  console.log(`times from sending the command; each view polled every ${POLL_MS} ms after its previous answer, without X-Consistent-After`);
  report('  command answered: p50 / p99 / max', figures(visible.command));
  report('  events in the log (NOTIFY seen): p50 / p99 / max', figures(visible.appended));
  report('  blogs projection applied them (NOTIFY seen): p50 / p99 / max', figures(visible.projected));
  for (const target of targets) report(`  visible in ${target}: p50 / p99 / max (${polls[target]} polls)`, figures(visible[target]));
  report('  visible in all four: p50 / p99 / max', figures(visible.all));
  await events.close();
  await checkpoints.close();

  const listP99 = loads[0]!.result.latency.p99;
  const postP99 = loads[1]!.result.latency.p99;
  const allP99 = percentile(visible.all, 99);
  const clean = loads.every(({ result }) => result.errors === 0 && result.non2xx === 0);
  console.log('\nbudgets:');
  console.log(`  blog list p99 < 15 ms at ${RATE} req/s:       ${listP99 < 15 ? 'met' : 'MISSED'} (${listP99} ms)`);
  console.log(`  post page p99 < 15 ms at ${RATE} req/s:       ${postP99 < 15 ? 'met' : 'MISSED'} (${postP99} ms)`);
  console.log(`  reads without errors or non-2xx:          ${clean ? 'met' : 'MISSED'}`);
  console.log(`  visible in list, archive, series and feed p99 < 200 ms: ${allP99 < 200 ? 'met' : 'MISSED'} (${ms(allP99)} ms)`);
  console.log(`\nrun time ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
} finally {
  await app?.close();
  await jobs.close();
  await runner.stop();
  await progress.close();
  await store.close();
  await bench.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(0);

/** Server-side time of each query behind the calls (EXPLAIN ANALYZE); plans in full with BENCH_EXPLAIN=1. */
async function explainQueries(blogId: string, lastPage: number, postUrl: string, seriesSlug: string): Promise<void> {
  const db = await progress.readModel<BlogsReadModel>(BLOGS_PROJECTION);
  const post = await db.selectFrom('posts').select(['post_id', 'published_at']).where('url', '=', postUrl).executeTakeFirstOrThrow();
  const at = post.published_at!;
  const page = (offset: number, limit: number) =>
    postsWithAuthor(db).where('posts.blog_id', '=', blogId).where('posts.status', '=', 'published').orderBy('posts.published_at', 'desc').orderBy('posts.post_id', 'desc').offset(offset).limit(limit);
  const neighbour = () => db.selectFrom('posts').select(['url', 'title']).where('blog_id', '=', blogId).where('status', '=', 'published');
  const inSeries = () => postsWithAuthor(db).where('posts.blog_id', '=', blogId).where('posts.series_slug', '=', seriesSlug).where('posts.status', '=', 'published');
  // The same queries as api/src/blogs/queries.ts and read-routes.ts build.
  const queries: [string, { compile(): CompiledQuery }][] = [
    ['blog by id', db.selectFrom('blogs').selectAll().where('blog_id', '=', blogId)],
    ['list page 1 (offset 0, limit 10)', page(0, 10)],
    [`list last page (offset ${(lastPage - 1) * 10}, limit 10)`, page((lastPage - 1) * 10, 10)],
    ['post by url', postsWithAuthor(db).where('posts.blog_id', '=', blogId).where('posts.url', '=', postUrl)],
    [
      'post: previous (older) neighbour',
      neighbour()
        .where((eb) => eb.or([eb('published_at', '<', at), eb.and([eb('published_at', '=', at), eb('post_id', '<', post.post_id)])]))
        .orderBy('published_at', 'desc')
        .orderBy('post_id', 'desc')
        .limit(1),
    ],
    [
      'post: next (newer) neighbour',
      neighbour()
        .where((eb) => eb.or([eb('published_at', '>', at), eb.and([eb('published_at', '=', at), eb('post_id', '>', post.post_id)])]))
        .orderBy('published_at', 'asc')
        .orderBy('post_id', 'asc')
        .limit(1),
    ],
    [
      'archive (every published post of the blog)',
      db
        .selectFrom('posts')
        .innerJoin('blogs', 'blogs.blog_id', 'posts.blog_id')
        .select(['posts.url', 'posts.title', 'posts.blog_id', 'blogs.title as blog_title', 'posts.published_at'])
        .where('posts.status', '=', 'published')
        .orderBy('posts.published_at', 'desc')
        .where('posts.blog_id', '=', blogId),
    ],
    ['series page 1, newest first', inSeries().orderBy('posts.published_at', 'desc').orderBy('posts.post_id', 'desc').offset(0).limit(10)],
    ['series count', db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('blog_id', '=', blogId).where('series_slug', '=', seriesSlug).where('status', '=', 'published')],
    ['feed (latest 20, full html)', page(0, 20)],
  ];
  console.log('\nserver-side query time (EXPLAIN ANALYZE, warm cache): execution time, top plan node');
  for (const [name, query] of queries) {
    const compiled = query.compile();
    const plan = (await bench.database.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, buffers) ${compiled.sql}`, [...compiled.parameters]))).rows.map((r) => r['QUERY PLAN']);
    const execution = plan.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
    report(`  ${name}`, `${execution}; ${plan[0]!.replace(/\s+\(cost=.*$/, '').trim()}`);
    if (process.env.BENCH_EXPLAIN) console.log(`${plan.map((line) => `      ${line}`).join('\n')}\n      -- ${compiled.sql}`);
  }
}
