/**
 * npm run bench:activity — the activity feed's budget (issue 21) on `npm start` (demo content):
 * 1. a feed of thousands of rows (library pages created and revised, comments on a post) written
 *    over HTTP as people do; then GET /api/recents (its first 10 pages, at random) at a fixed
 *    200 req/s from a process of its own, p99 < 10 ms, beside nginx and a bare node:http serving
 *    the first page's same bytes at that pace; a signed-in reader's /api/notifications/unread
 *    (not cached: two indexed counts) at the same pace, for comparison;
 * 2. the same reads under wrk beside nginx and a bare node:http serving the very same bytes in the same run.
 * Env: BENCH_DURATION (5 s per wrk run), BENCH_PACED_DURATION (20 s per paced run), BENCH_ROWS (2000).
 * Needs wrk and nginx (Debian: apt-get install -y wrk nginx).
 */
import os from 'node:os';
import type { BlogListEntry } from '@epos/schemas';
import { startSite } from '../testkit/site-process.js';
import { SiteClient } from '../testkit/site-client.js';
import { budgetLine, requireTools, throughputBesideReferences, type Read } from './beside-references.js';
import { pacedReadsProcess } from './paced-reads.js';
import { pacedReferences } from './paced-references.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const PACED_DURATION = Number(process.env.BENCH_PACED_DURATION ?? 4 * DURATION);
const ROWS = Number(process.env.BENCH_ROWS ?? 2_000);
const RATE = 200;
const report = (name: string, value: string) => console.log(`${name.padEnd(64)} ${value}`);
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Runs `count` writes, `width` at a time. */
async function inParallel(count: number, width: number, write: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await write(next++);
    }),
  );
}

async function ok(response: Promise<Response>, what: string): Promise<Response> {
  const answer = await response;
  if (!answer.ok) throw new Error(`${what}: ${answer.status} ${await answer.text()}`);
  return answer;
}

const tools = requireTools('bench:activity');
// Writing thousands of rows over HTTP quickly is beyond a person's write limits; the limits are not what is measured.
const site = await startSite({ env: { RATE_LIMIT_FACTOR: '1000' } });
let failed = false;
try {
  console.log(
    `bench:activity: npm start (demo content), ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const admin = new SiteClient(site.base);
  await admin.login('admin', 'demo-admin-password');
  const reader = new SiteClient(site.base);
  await reader.login('reader', 'demo-reader-password');

  const writing = performance.now();
  const pages = Math.floor(ROWS / 4);
  await inParallel(pages, 8, async (i) => {
    await ok(
      admin.request('POST', '/postdata/createPage', {
        body: { name: `Essay ${i}`, url: `/essays-${i}`, permalink: `essay-${i}`, category: 'Footer', priority: i, md_content: `An essay on canto ${i}.` },
      }),
      'creating a page',
    );
  });
  const blog = ((await (await fetch(`${site.base}/api/blogs`)).json()) as BlogListEntry[])[0]?.slug;
  if (!blog) throw new Error('the demo has no blog');
  // Comments on one post share its stream: a thread per writer, as readers spread over posts.
  const WRITERS = 8;
  const posts: string[] = [];
  for (let i = 0; i < WRITERS; i++) {
    const created = await ok(
      admin.request('POST', '/postdata/create', {
        body: { blog_id: blog, title: `An open thread for the bench, ${i + 1}`, series_title: 'Bench', md_content: 'Say what you see.', status: 0 },
      }),
      'publishing a post',
    );
    posts.push(((await created.json()) as { id: string }).id);
  }
  // A comment needs its post in the read model.
  for (const postId of posts) {
    for (let tries = 0; (await fetch(`${site.base}/api/comments/${postId}`)).status !== 200; tries++) {
      if (tries > 600) throw new Error(`post ${postId} never appeared`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const comments = ROWS - pages - WRITERS;
  await Promise.all(
    posts.map(async (postId, writer) => {
      for (let i = writer; i < comments; i += WRITERS) {
        await ok(
          reader.request('POST', `/postdata/comment/${postId}`, { body: { cm: `Comment ${i}: the line turns on its last word, as the tide does.` } }),
          'commenting',
        );
      }
    }),
  );
  report(`writing ${ROWS.toLocaleString('en')} rows' events over HTTP`, ms(performance.now() - writing));
  // Until the projection has the last of them, the feed is still growing.
  for (let tries = 0; ; tries++) {
    const feed = (await (await fetch(`${site.base}/api/recents`)).json()) as { total: number };
    if (feed.total >= ROWS) {
      report('rows in the feed', feed.total.toLocaleString('en'));
      break;
    }
    if (tries > 600) throw new Error(`the feed has ${feed.total} rows`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));

  const feedPaths = Array.from({ length: 10 }, (_, i) => `/api/recents?page=${i + 1}`);
  const cookie = { cookie: reader.cookieHeader() };
  console.log(`\npaced reads: ${RATE} req/s for ${PACED_DURATION} s (after 2 s unmeasured), from due to last byte`);
  const groups = [
    { name: '/api/recents (pages 1–10, at random)', paths: feedPaths, headers: {}, budget: true },
    { name: "/api/notifications/unread (a reader's own, uncached)", paths: ['/api/notifications/unread'], headers: cookie, budget: false },
  ];
  for (const group of groups) {
    const { result } = await pacedReadsProcess({ base: site.base, paths: group.paths, rate: RATE, seconds: PACED_DURATION, warmUp: 2, headers: group.headers });
    const { p50, p99, max } = result.fromDue;
    report(
      `  ${group.name}`,
      `p50 ${ms(p50)} / p99 ${ms(p99)} / max ${ms(max)}; ${result.achievedRate.toFixed(0)} req/s, ${result.errors} errors, ${result.non2xx} non-2xx`,
    );
    if (group.budget && (!(p99 < 10) || result.errors > 0 || result.non2xx > 0)) failed = true;
  }

  const page1 = Buffer.from(await (await fetch(`${site.base}/api/recents?page=1`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  await pacedReferences({ tools, bytes: page1, what: 'page 1', rate: RATE, seconds: PACED_DURATION, report });

  const reads: Read[] = [
    { name: 'recents page 1', url: `${site.base}/api/recents?page=1`, cached: true },
    { name: 'notifications/unread', url: `${site.base}/api/notifications/unread`, cached: false, headers: cookie },
  ];
  console.log(`\nthroughput: wrk -t1 -c32 -d${DURATION}s, beside nginx (1 worker, sendfile) and bare node:http serving the same bytes; medians`);
  const throughput = await throughputBesideReferences({ tools, reads, seconds: DURATION, serverCpuSeconds: () => site.cpuSeconds() });
  console.log('\nbudgets:');
  console.log(`  ${'/api/recents p99 < 10 ms at 200 req/s'.padEnd(60)} ${failed ? 'MISSED' : 'met'}`);
  console.log(`  ${budgetLine(throughput).line}`);
} finally {
  await site.stop();
}
process.exit(0);
