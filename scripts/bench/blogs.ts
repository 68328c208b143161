/**
 * npm run bench:blogs — the blogs' budgets with 20,000 published posts in the log:
 * 1. blog list pages and post pages at a fixed 200 req/s (p99 < 15 ms);
 * 2. cached reads (blog list, post page, recent posts, feed) under wrk, each beside nginx and a bare
 *    node:http serving the very same bytes in the same run: >= 40 % of nginx's throughput and
 *    >= 75 % of node:http's (issue 15);
 * 3. a post published over HTTP visible in its blog's list, archive, series and feed within
 *    200 ms (p99) of the command, as a reader polling without X-Consistent-After sees it.
 * Also: how long seeding and the blogs projection take, and where the time of each call goes.
 * The server (API, every projection, the job queue) runs in a child process (blogs/server.ts), as
 * `npm start` runs it. The load generators run in processes of their own: the paced reads
 * (./open-loop.ts, run by ./paced-reads-process.ts) and wrk; so do nginx and the node:http
 * reference (./beside-references.ts). This process seeds, polls as readers do and prints. All share
 * the machine's cores. Needs wrk and nginx (Debian: apt-get install -y wrk nginx).
 * Env: DATABASE_URL (else an embedded PostgreSQL in a temporary folder on a free port),
 * BENCH_POSTS (20000), BENCH_DURATION (5 s per wrk run), BENCH_PACED_DURATION (s per paced run at
 * 200 req/s; 4 × BENCH_DURATION, so 20 by default), BENCH_COMMANDS (100),
 * BENCH_DIAGNOSTIC_COMMANDS (30 more publications with nobody polling, to see what the polling costs),
 * BENCH_EXPLAIN=1 (print the query plans in full), BENCH_CPU_PROF=<folder> (a V8 CPU profile of the server),
 * BENCH_SERVER_FLAGS (more node flags for the server, e.g. --trace-gc).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { PostgresEventStore, ProjectionProgress } from '@epos/platform';
import { EventRegistry, eventCatalog, slugify } from '@epos/schemas';
import { archiveMonths, findBlog, postsWithAuthor, postWithNeighbours, publishedPage, type BlogsDb } from '@epos/projections/blogs/queries';
import { FEED_SIZE } from '@epos/api/blogs/feeds';
import { PAGE_SIZE } from '@epos/api/blogs/views';
import { NotificationListener } from '@epos/platform/db/notifications';
import { EVENTS_CHANNEL } from '@epos/platform/event-store/postgres/postgres-event-store';
import { parseProgress, PROJECTIONS_CHANNEL } from '@epos/platform/projections/notifications';
import { freePort } from '@epos/platform/testkit/free-port';
import { allProjections } from '@epos/projections';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import { benchDatabase } from './bench-database.js';
import { postMarkdown } from './blogs/content.js';
import { BLOGS, seedBlogs } from './blogs/seed.js';
import { budgetLine, requireTools, throughputBesideReferences, type ReadThroughput } from './beside-references.js';
import { pacedReadsProcess } from './paced-reads.js';
import { cpuSince, spawnServer } from './blogs/server-process.js';
import type { ServerTimes } from './blogs/server-timing.js';
import type { OpenLoopResult } from './open-loop.js';
import { latencies, type Latencies } from './stats.js';
import { SiteClient } from '../testkit/site-client.js';
import { pinningNote } from './pinning.js';

const POSTS = Number(process.env.BENCH_POSTS ?? 20_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const PACED_DURATION = Number(process.env.BENCH_PACED_DURATION ?? 4 * DURATION);
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 100);
const DIAGNOSTIC_COMMANDS = Number(process.env.BENCH_DIAGNOSTIC_COMMANDS ?? 30);
const RATE = 200;
const BATCH = 250;
const POLL_MS = 5;
const PAUSE_MS = 100;
const VISIBLE_TIMEOUT_MS = 10_000;

const runStarted = performance.now();
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`${os.cpus().length} cores, Node ${process.version}, load average ${load()} at the start (other processes share these cores)`);
console.log(pinningNote());
const tools = requireTools('bench:blogs');
const bench = await benchDatabase();
const store = new PostgresEventStore(bench.database, new EventRegistry(eventCatalog));
const progress = new ProjectionProgress(bench.database, store);
await progress.start();
// Started before seeding: the projections' catch-up is timed from the first append.
const server = spawnServer(bench.url, await freePort());
const { base } = server;
const report = (name: string, value: string) => console.log(`${name.padEnd(60)} ${value}`);
const ms = (value: number) => value.toFixed(1);

try {
  await server.ready;
  // 1. Seed 20,000 published posts straight into the log, oldest first, over six years.
  const seedCpu = cpuSince(server);
  const { series, posts, counts, blogger, head, started: seedStarted, appendedMs, random } = await seedBlogs({ store, database: bench.database }, POSTS, BATCH);
  const measured = BLOGS[0]!;
  const appendedSeconds = appendedMs / 1000;
  if (!(await progress.waitFor(head, { names: [BLOGS_PROJECTION], timeoutMs: 900_000 }))) throw new Error('the blogs projection did not catch up');
  const projectedSeconds = (performance.now() - seedStarted) / 1000;
  if (!(await progress.waitFor(head, { names: allProjections.map((p) => p.name), timeoutMs: 900_000 }))) throw new Error('the projections did not catch up');
  const allSeconds = (performance.now() - seedStarted) / 1000;
  const seedCpuUsed = seedCpu();
  const eventCount = Number(head);
  report(`seed: ${POSTS} posts (${eventCount} events) appended in batches of ${BATCH}`, `${appendedSeconds.toFixed(1)} s`);
  report(
    'seed: blogs projection caught up (from the first append)',
    `${projectedSeconds.toFixed(1)} s (${(eventCount / projectedSeconds).toFixed(0)} events/s)`,
  );
  report('seed: every projection caught up', `${allSeconds.toFixed(1)} s`);
  report('seed: CPU used until then', seedCpuUsed);
  // A site that has grown to 20,000 posts has been vacuumed and analysed by autovacuum.
  await sql`vacuum analyze`.execute(bench.database.db);

  report('posts per blog', BLOGS.map((b) => `${b.blogId} ${counts.get(b.blogId)}`).join(', '));

  // 2. Where the time goes: each call alone, one after another, on the biggest blog.
  const blogId = measured.blogId;
  const blogPosts = posts.filter((p) => p.blogId === blogId);
  const lastPage = Math.ceil(blogPosts.length / PAGE_SIZE);
  const seriesSlug = slugify(series.get(blogId)![0]!);
  const middle = blogPosts[Math.floor(blogPosts.length / 2)]!;
  const calls: [string, string][] = [
    ['/api/csrf (no database: the floor of a request here)', '/api/csrf'],
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
    const { p50, max } = latencies(took);
    report(`  GET ${name}`, `${ms(p50)} / ${ms(max)} ms, ${(size / 1024).toFixed(1)} KiB`);
  }
  await explainQueries(blogId, lastPage, middle.url, seriesSlug);

  // 3. Reads at a fixed 200 req/s: list pages over every page of every blog, then random posts.
  const listPaths = BLOGS.flatMap((b) =>
    Array.from({ length: Math.ceil(counts.get(b.blogId)! / PAGE_SIZE) }, (_, i) => `/api/blogs/${b.blogId}?page=${i + 1}`),
  );
  const firstPaths = BLOGS.flatMap((b) => Array.from({ length: 5 }, (_, i) => `/api/blogs/${b.blogId}?page=${i + 1}`));
  const postPaths = posts.map((p) => `/api/blogs/${p.blogId}/${p.url}`);
  const loads: { name: string; result: OpenLoopResult; server: ServerTimes; cpu: string }[] = [];
  const cores = (seconds: number) => `${seconds.toFixed(1)} s (${(seconds / PACED_DURATION).toFixed(2)} cores)`;
  for (const [name, paths] of [
    [`GET /api/blogs/{blog}?page=n (n over all ${listPaths.length} pages)`, listPaths],
    [`GET /api/blogs/{blog}/{post} (random among ${postPaths.length})`, postPaths],
    // Not a budget: pages 1-5 only, whose queries are cheap, to tell query depth from the cost of a request.
    ['GET /api/blogs/{blog}?page=n (n in 1-5 only: cheap queries)', firstPaths],
  ] as const) {
    const seed = Math.floor(random() * 2 ** 32);
    await pacedReadsProcess({ base, paths, rate: RATE, seconds: 3, warmUp: 0, seed });
    await server.serverTimes();
    const serverCpu = server.cpuSeconds();
    const { result, cpuSeconds } = await pacedReadsProcess({ base, paths, rate: RATE, seconds: PACED_DURATION, warmUp: 0, seed: seed + 1 });
    const used = server.cpuSeconds() - serverCpu;
    loads.push({ name, result, server: await server.serverTimes(), cpu: `server ${cores(used)}, load generator ${cores(cpuSeconds)}` });
  }
  console.log(`\nreads at a constant ${RATE} req/s for ${PACED_DURATION} s each (after 3 s unmeasured): one request every ${1000 / RATE} ms, sent when due`);
  console.log(`whatever is still in flight (an open loop, scripts/bench/open-loop.ts), from a process of its own; the server in a child`);
  console.log(
    `process as \`npm start\` runs it, all on the same ${os.cpus().length} cores. Latency to the last byte, from when the request was due (the budget) and`,
  );
  console.log(`from when it was sent; server-side: from its headers parsed to its last byte written`);
  const times = ({ p50, p90, p99, max }: Latencies) => `${ms(p50)} / ${ms(p90)} / ${ms(p99)} / ${ms(max)} ms`;
  for (const { name, result, server: side, cpu } of loads) {
    report(`  ${name}`, '');
    report('    from due: p50 / p90 / p99 / max', times(result.fromDue));
    report('    from sent: p50 / p90 / p99 / max', times(result.fromSent));
    report('    server-side: p50 / p90 / p99 / max', times(side.handling));
    report('    server event loop delay: p99 / max', `${ms(side.loopDelay.p99)} / ${ms(side.loopDelay.max)} ms`);
    report('    requests, achieved rate, errors / non-2xx', `${result.sent}, ${result.achievedRate.toFixed(0)} req/s, ${result.errors} / ${result.non2xx}`);
    report('    CPU used', cpu);
  }

  // 4. Throughput: cached reads under wrk, each beside nginx and bare node:http serving the same bytes.
  const recentCount = ((await (await fetch(`${base}/api/blogs/recent`)).json()) as unknown[]).length;
  console.log(`\nthroughput: wrk -t1 -c32 -d${DURATION}s (after 1 s unmeasured), a process of its own; the site's answer (uncompressed, as wrk`);
  console.log(
    'asks for it) in rounds with nginx (1 worker, sendfile) and bare node:http servers serving it, one server at a time; medians; p50/p99 at saturation',
  );
  const throughput: ReadThroughput[] = await throughputBesideReferences({
    tools,
    seconds: DURATION,
    serverCpuSeconds: () => server.cpuSeconds(),
    reads: [
      { name: `blog list, page 1 (${PAGE_SIZE} posts)`, url: `${base}/api/blogs/${blogId}`, cached: true },
      { name: 'post page (a middle post)', url: `${base}/api/blogs/${blogId}/${middle.url}`, cached: true },
      { name: `recent posts (${recentCount})`, url: `${base}/api/blogs/recent`, cached: true },
      { name: `feed (RSS, ${FEED_SIZE} posts)`, url: `${base}/api/blogs/${blogId}/feed`, cached: true },
    ],
  });

  // 5. Publish over HTTP as a signed-in blogger; poll as readers do (no X-Consistent-After).
  const publisher = new SiteClient(base);
  await publisher.login(blogger.userName, blogger.password);
  const post = (url: string, body: unknown) => publisher.request('POST', url, { body });

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

  type View = 'list' | 'archive' | 'series' | 'feed';
  const blogSeries = series.get(blogId)!;
  // The last ETag each view path answered, kept across publications as a browser's cache keeps it.
  const etags = new Map<string, string>();
  /**
   * Publishes `count` posts one at a time, `PAUSE_MS` apart. From sending each command, polls the
   * `polled` views (each every POLL_MS after its previous answer, as a reader's browser would: with
   * If-None-Match, without X-Consistent-After) until all show the post. With none polled, waits for
   * the blogs projection and then reads the four views once.
   */
  const publish = async (count: number, polled: readonly View[], first: number) => {
    const cpu = cpuSince(server);
    const times: Record<View | 'all' | 'command' | 'appended' | 'projected', number[]> = {
      list: [],
      archive: [],
      series: [],
      feed: [],
      all: [],
      command: [],
      appended: [],
      projected: [],
    };
    const polls: Record<View, number> = { list: 0, archive: 0, series: 0, feed: 0 };
    const unchanged: Record<View, number> = { list: 0, archive: 0, series: 0, feed: 0 };
    for (let i = first; i < first + count; i++) {
      const title = `Bench publication ${i + 1} ${randomBytes(3).toString('hex')}`;
      const url = slugify(title);
      const seriesTitle = blogSeries[i % blogSeries.length]!;
      const views: Record<View, [string, (body: string) => boolean]> = {
        list: [`/api/blogs/${blogId}`, (b) => b.includes(`"url":"${url}"`)],
        archive: [`/api/blogs/${blogId}/archive`, (b) => b.includes(`"postslug":"${url}"`)],
        series: [`/api/blogs/${blogId}/series/${slugify(seriesTitle)}?sort=newest`, (b) => b.includes(`"url":"${url}"`)],
        feed: [`/api/blogs/${blogId}/feed`, (b) => b.includes(`/blogs/${blogId}/${url}<`)],
      };
      const sent = performance.now();
      const until = async (view: View) => {
        const [path, seen] = views[view];
        for (;;) {
          const etag = etags.get(path);
          const response = await fetch(`${base}${path}`, etag ? { headers: { 'if-none-match': etag } } : {});
          const body = await response.text();
          polls[view] += 1;
          const at = performance.now() - sent;
          if (response.status === 304) unchanged[view] += 1;
          else {
            const answered = response.headers.get('etag');
            if (answered) etags.set(path, answered);
            if (response.ok && seen(body)) return at;
          }
          if (at > VISIBLE_TIMEOUT_MS) throw new Error(`not visible in ${path} after ${VISIBLE_TIMEOUT_MS} ms`);
          await sleep(POLL_MS);
        }
      };
      const command = (async () => {
        const response = await post('/postdata/create', { blog_id: blogId, title, series_title: seriesTitle, md_content: postMarkdown(random), status: 0 });
        const answered = performance.now() - sent;
        const body = (await response.json()) as { url?: string };
        if (!response.ok || body.url !== url) throw new Error(`create failed: ${response.status} ${JSON.stringify(body)}`);
        times.command.push(answered);
        return BigInt(response.headers.get('x-position')!);
      })();
      command.catch(() => undefined); // awaited below, after the views
      let position: bigint;
      if (polled.length > 0) {
        const seen = await Promise.all(polled.map(until));
        polled.forEach((view, j) => times[view].push(seen[j]!));
        times.all.push(Math.max(...seen));
        position = await command;
      } else {
        // No readers: once the projection has applied the post, each view read once (asking for that position, as the cache may not have heard yet) must show it.
        position = await command;
        if (!(await progress.waitFor(position, { names: [BLOGS_PROJECTION], timeoutMs: VISIBLE_TIMEOUT_MS })))
          throw new Error('the blogs projection did not apply the post');
        await Promise.all(
          Object.values(views).map(async ([path, check]) => {
            if (!check(await (await fetch(`${base}${path}`, { headers: { 'x-consistent-after': position.toString() } })).text()))
              throw new Error(`not in ${path} once the projection applied it`);
          }),
        );
        times.all.push(performance.now() - sent);
      }
      times.appended.push(reached(appendedAt, position)! - sent);
      times.projected.push(reached(projectedAt, position)! - sent);
      await sleep(PAUSE_MS);
    }
    return { times, polls, unchanged, cpu: cpu() };
  };
  const figures = (values: number[]) => {
    const { p50, p99, max } = latencies(values);
    return `${ms(p50)} / ${ms(p99)} / ${ms(max)} ms`;
  };
  const print = ({ times, polls, unchanged, cpu }: Awaited<ReturnType<typeof publish>>, polled: readonly View[]) => {
    report('  command answered: p50 / p99 / max', figures(times.command));
    report('  events in the log (NOTIFY seen): p50 / p99 / max', figures(times.appended));
    report('  blogs projection applied them (NOTIFY seen): p50 / p99 / max', figures(times.projected));
    for (const view of polled) report(`  visible in ${view}: p50 / p99 / max (${polls[view]} polls, ${unchanged[view]} answered 304)`, figures(times[view]));
    report(polled.length > 0 ? '  visible in all four: p50 / p99 / max' : '  applied, then read once from all four: p50 / p99 / max', figures(times.all));
    report('  CPU used', cpu);
  };
  const allViews = ['list', 'archive', 'series', 'feed'] as const;
  const published = await publish(COMMANDS, allViews, 0);
  console.log(`\n${COMMANDS} posts published over HTTP (POST /postdata/create, status 0) in ${blogId}, one at a time, ${PAUSE_MS} ms apart;`);
  console.log(`times from sending the command; each view polled every ${POLL_MS} ms after its previous answer, with If-None-Match, without X-Consistent-After`);
  print(published, allViews);
  if (DIAGNOSTIC_COMMANDS > 0) {
    // What the pipeline takes when no reader polls: the polls above load the server and share its cores.
    const quiet = await publish(DIAGNOSTIC_COMMANDS, [], COMMANDS);
    console.log(`\ndiagnostic: ${DIAGNOSTIC_COMMANDS} more with no polling: wait for the blogs projection, then read the four views once`);
    print(quiet, []);
  }
  await events.close();
  await checkpoints.close();

  const allP99 = latencies(published.times.all).p99;
  const clean = loads.every(({ result }) => result.errors === 0 && result.non2xx === 0);
  const budget = ({ result }: (typeof loads)[number]) => {
    const p99 = result.fromDue.p99;
    return `${p99 < 15 && result.achievedRate >= RATE * 0.95 ? 'met' : 'MISSED'} (${ms(p99)} ms from due at ${result.achievedRate.toFixed(0)} req/s achieved)`;
  };
  console.log('\nbudgets:');
  console.log(`  blog list p99 < 15 ms at ${RATE} req/s:       ${budget(loads[0]!)}`);
  console.log(`  post page p99 < 15 ms at ${RATE} req/s:       ${budget(loads[1]!)}`);
  console.log(`  reads without errors or non-2xx:          ${clean ? 'met' : 'MISSED'}`);
  console.log(`  ${budgetLine(throughput).line}`);
  console.log(`  visible in list, archive, series and feed p99 < 200 ms: ${allP99 < 200 ? 'met' : 'MISSED'} (${ms(allP99)} ms)`);
  console.log(`\nrun time ${((performance.now() - runStarted) / 1000).toFixed(0)} s; load average ${load()} at the end`);
} finally {
  await server.stop();
  await progress.close();
  await store.close();
  await bench.close();
}
process.exit(0);

/** Runs `queries` on the blogs read model and answers the SQL they sent, as compiled. */
async function captured(run: (db: BlogsDb) => Promise<unknown>): Promise<CompiledQuery[]> {
  const db = await progress.readModel<BlogsReadModel>(BLOGS_PROJECTION);
  const sent: CompiledQuery[] = [];
  // Subqueries pass through transformQuery too; only the statements that ran come back as results.
  const compiled = new Map<unknown, CompiledQuery>();
  const spy: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      compiled.set(queryId, db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      sent.push(compiled.get(queryId)!);
      return result;
    },
  };
  await run(db.withPlugin(spy));
  return sent;
}

/**
 * Server-side time of each query behind the calls (EXPLAIN ANALYZE, warm cache); plans in full with
 * BENCH_EXPLAIN=1. The query functions of projections/src/blogs/queries.ts run as they are; the one query
 * written inline in read-routes.ts (the series page) is repeated here.
 */
async function explainQueries(blogId: string, lastPage: number, postUrl: string, seriesSlug: string): Promise<void> {
  const queries: [string, CompiledQuery[]][] = [
    ['blog by id (findBlog)', await captured((d) => findBlog(d, blogId))],
    ['list page 1 (publishedPage, offset 0)', await captured((d) => publishedPage(d, blogId, 0, PAGE_SIZE).execute())],
    [
      `list last page (publishedPage, offset ${(lastPage - 1) * PAGE_SIZE})`,
      await captured((d) => publishedPage(d, blogId, (lastPage - 1) * PAGE_SIZE, PAGE_SIZE).execute()),
    ],
    ['a middle post by url with its neighbours (postWithNeighbours)', await captured((d) => postWithNeighbours(d, blogId, postUrl))],
    ['archive (archiveMonths: the months as rendered by the projection)', await captured((d) => archiveMonths(d, blogId))],
    [
      'series page 1, newest first (as read-routes.ts)',
      await captured((d) =>
        postsWithAuthor(d)
          .where('posts.blog_id', '=', blogId)
          .where('posts.series_slug', '=', seriesSlug)
          .where('posts.status', '=', 'published')
          .orderBy('posts.published_at', 'desc')
          .orderBy('posts.post_id', 'desc')
          .offset(0)
          .limit(PAGE_SIZE)
          .execute(),
      ),
    ],
    ['feed (publishedPage, latest 20)', await captured((d) => publishedPage(d, blogId, 0, FEED_SIZE).select('posts.html').execute())],
  ];
  console.log('\nserver-side query time (EXPLAIN ANALYZE, warm cache): execution time, top plan node');
  for (const [name, compiled] of queries) {
    for (const [i, query] of compiled.entries()) {
      const plan = (
        await bench.database.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]))
      ).rows.map((r) => r['QUERY PLAN']);
      const execution = plan.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
      const scans = [
        ...new Set(
          plan.map((line) => /(Index Only Scan|Index Scan|Seq Scan|Bitmap Heap Scan)( Backward)? (using \w+ )?on \w+/.exec(line)?.[0]).filter(Boolean),
        ),
      ].join(', ');
      report(`  ${name}${compiled.length > 1 ? ` #${i + 1}` : ''}`, `${execution}; ${scans}`);
      if (process.env.BENCH_EXPLAIN) console.log(`${plan.map((line) => `      ${line}`).join('\n')}\n      -- ${query.sql}`);
    }
  }
}
