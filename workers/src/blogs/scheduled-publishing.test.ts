/**
 * Scheduled publishing survives a worker crash: 200 posts scheduled over the next 10 s (each at
 * least 1 s after it is scheduled, however long that takes), the real workers process SIGKILLed once
 * every publishing job is queued (6 s in at the earliest) and restarted 2 s later. Every post is
 * published exactly once, never before its time, and without waiting for anything but a worker
 * (the 2 s budget is printed; a busy machine may miss it). Once on BullMQ's PostgreSQL backend, and once more
 * on Redis when REDIS_URL is set.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, PostgresEventStore, ProjectionProgress, ProjectionRunner, type EventStore, type RecordedEvent } from '@epos/platform';
import { createJobQueue, type JobState } from '@epos/platform/jobs/index';
import { newTestDatabase } from '@epos/platform/testkit/vitest';
import { blogStream, EventRegistry, eventCatalog, postStream } from '@epos/schemas';
import { allProjections } from '@epos/projections';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import { publishScheduledPost } from '@epos/platform/blogs/jobs';
import { postDecider } from '@epos/domain/blogs/post-decider';
import { startWorkersProcess, type WorkersProcess } from './testkit/workers-process.js';
import { claimRedisDatabase } from '../testkit/redis-database.js';

const POSTS = 200;
/** The first post is due 1 s from now, the last 11 s from now, evenly spread. */
const FIRST_DUE_MS = 1000;
const SPREAD_MS = 10_000;
/** The worker is SIGKILLed this long after the posts were scheduled, and kept down this long. */
const KILL_AT_MS = 6000;
const DOWN_MS = 2000;
/**
 * The budget for how late a publication may be (after its time, or after the worker is back) is
 * 2 s; it is printed, not asserted, because a busy machine misses it without anything being wrong.
 * What is asserted is that no post waits for anything but a worker: none is later than this.
 */
const BUDGET_MS = 2000;
const BOUND_MS = 15_000;
/** Each post is due at least this long after it was scheduled, however slowly the scheduling goes. */
const LEAD_MS = 1000;
/** How long after the last post fell due (or the worker was back) the test stops waiting. */
const GIVE_UP_AFTER_MS = 20_000;
const BLOG_ID = 'clockwork';

const REDIS_URL = process.env.REDIS_URL;
/**
 * The workers process builds its job queue in `boot()` with the default queue prefix (`epos`) and
 * no setting to change it, so the test's enqueuer uses that prefix too. On PostgreSQL the fresh
 * test database keeps the queues apart; on Redis a logical database claimed for the run does.
 */
const backends = [{ name: 'postgres' as const }, ...(REDIS_URL ? [{ name: 'redis' as const }] : [])];

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error: unknown) => console.error('cleanup failed', error));
  }
});

interface ScheduledPost {
  postId: string;
  publishAt: number;
}

describe.each(backends)('scheduled publishing with BullMQ on $name', ({ name }) => {
  it(
    `publishes ${POSTS} posts scheduled over ${SPREAD_MS / 1000} s once each, none early, within ${BOUND_MS / 1000} s, across a worker SIGKILL and restart`,
    { timeout: 300_000 },
    async () => {
      const logger = createLogger('silent', 'scheduled-publishing-test');
      const testDb = await newTestDatabase();
      cleanups.push(() => testDb.drop());
      let redisUrl: string | undefined;
      if (name === 'redis') {
        const claimed = await claimRedisDatabase(REDIS_URL!);
        cleanups.push(() => claimed.release());
        redisUrl = claimed.url;
      }
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-sched-'));
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));

      const store = new PostgresEventStore(testDb.database, new EventRegistry(eventCatalog), { pollIntervalMs: 100 });
      cleanups.push(() => store.close());
      const runner = new ProjectionRunner({ database: testDb.database, store, logger, projections: allProjections });
      await runner.start();
      cleanups.push(() => runner.stop());
      // The same queues as the workers process: same database or Redis, default prefix.
      const jobs = createJobQueue({ databaseUrl: testDb.url, ...(redisUrl ? { redisUrl } : {}), logger });
      expect(jobs.kind).toBe(name);
      cleanups.push(() => jobs.close());

      await store.append(blogStream(BLOG_ID), [{ type: 'BlogCreated', data: { blogId: BLOG_ID, title: 'Clockwork', description: 'Posts on a timetable' } }], {
        expectedRevision: 'no_stream',
        cause: { actor: 'test' },
      });

      const env = {
        DATABASE_URL: testDb.url,
        REDIS_URL: redisUrl ?? '',
        EVENTSTORE_URL: '',
        SMTP_URL: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
      };
      const processes: WorkersProcess[] = [];
      const start = () => {
        const worker = startWorkersProcess(env);
        processes.push(worker);
        cleanups.push(() => worker.kill());
        return worker;
      };

      const first = start();
      await first.ready;

      const published = watchPublications(store);
      cleanups.push(() => published.stop());

      // Schedule the posts through the real path, earliest first, a few at a time.
      const t0 = Date.now();
      const authorId = randomUUID();
      const posts = await inOrder(POSTS, 8, (i) =>
        schedulePost(store, authorId, i, Math.max(t0 + FIRST_DUE_MS + Math.round((i * SPREAD_MS) / (POSTS - 1)), Date.now() + LEAD_MS)),
      );
      // The kill follows the scheduling, however long it took here: every post's publishing job is
      // queued (or already done) first, so the kill tests recovery, not a race with the scheduling.
      await untilEach(posts, async (post) => published.has(post.postId) || (await jobs.inspect(publishScheduledPost, post.postId)) !== null);
      const scheduledBy = Date.now() - t0;

      await sleep(Math.max(0, t0 + KILL_AT_MS - Date.now()));
      const killedAt = Date.now();
      await first.kill();
      const publishedBeforeKill = published.count();

      await sleep(Math.max(0, killedAt + DOWN_MS - Date.now()));
      const restartedAt = Date.now();
      const second = start();
      const backAt = await second.ready;

      const giveUpAt = Math.max(...posts.map((p) => p.publishAt), backAt) + GIVE_UP_AFTER_MS;
      while (published.count() < POSTS && Date.now() < giveUpAt) await sleep(100);
      await sleep(1000); // room for a second publication of any post to show
      await published.stop();

      // Exactly once, from each post's own stream.
      const timings = await Promise.all(
        posts.map(async (post) => {
          const events = await store.readStream(postStream(post.postId));
          const publications = events.filter((e) => e.type === 'PostPublished');
          return { ...post, publications: publications.length, at: publications[0] ? Date.parse(publications[0].metadata.timestamp) : Number.NaN };
        }),
      );
      const unpublished = timings.filter((t) => t.publications === 0);
      const twice = timings.filter((t) => t.publications > 1);

      // A post whose 2 s ran out while the first worker was up had to be published by it; any other
      // had until 2 s after its time or after the restarted worker was ready, whichever is later.
      const dueWhileUp = (t: ScheduledPost) => t.publishAt + BOUND_MS <= killedAt || t.publishAt >= backAt;
      const lateness = timings
        .filter((t) => t.publications > 0)
        .map((t) => ({ ...t, early: t.publishAt - t.at, late: t.at - (dueWhileUp(t) ? t.publishAt : Math.max(t.publishAt, backAt)), whileUp: dueWhileUp(t) }));
      const early = lateness.filter((t) => t.at < t.publishAt);
      const tooLate = lateness.filter((t) => t.late > BOUND_MS);
      const up = lateness.filter((t) => t.whileUp).map((t) => t.late);
      const caughtUp = lateness.filter((t) => !t.whileUp).map((t) => t.late);
      const overdueAtReady = posts.filter((p) => p.publishAt <= backAt && p.publishAt + BOUND_MS > killedAt).length;
      const overBudget = lateness.filter((t) => t.late > BUDGET_MS).length;
      const sweep = second.lines.find((l) => l.msg === 'schedule sweep caught up');
      const childErrors = processes.flatMap((p) => p.lines.filter((l) => (l.level ?? 0) >= 50));

      console.log(
        `[scheduled publishing, ${name}] ${POSTS} posts scheduled in ${scheduledBy} ms; worker killed at +${killedAt - t0} ms ` +
          `(${publishedBeforeKill} published), restarted at +${restartedAt - t0} ms, ready at +${backAt - t0} ms ` +
          `(${backAt - restartedAt} ms to boot; ${overdueAtReady} posts due by then whose ${BOUND_MS} ms had not run out at the kill); ` +
          `published ${POSTS - unpublished.length}/${POSTS}, twice ${twice.length}, early ${early.length}; ` +
          `lateness while up: worst ${max(up)} ms, p95 ${percentile(up, 0.95)} ms, median ${percentile(up, 0.5)} ms (${up.length} posts); ` +
          `after restart (from max(publishAt, ready)): worst ${max(caughtUp)} ms, p95 ${percentile(caughtUp, 0.95)} ms (${caughtUp.length} posts); ` +
          `sweep on restart: ${sweep ? JSON.stringify({ published: sweep.published, requeued: sweep.requeued }) : 'nothing to do'}; ` +
          `worker error lines: ${childErrors.length}; later than the ${BUDGET_MS} ms budget: ${overBudget}`,
      );
      for (const line of childErrors.slice(0, 5)) console.log(JSON.stringify(line));
      const afterReady = lateness.filter((t) => !t.whileUp && t.at >= backAt).map((t) => t.at - backAt);
      console.log(
        `[scheduled publishing, ${name}] the restarted worker published ${afterReady.length} posts, the last ${max(afterReady)} ms after it was ready`,
      );

      expect(
        unpublished.map((t) => t.postId),
        'posts never published',
      ).toEqual([]);
      expect(
        twice.map((t) => t.postId),
        'posts published twice',
      ).toEqual([]);
      expect(
        early.map((t) => ({ postId: t.postId, earlyMs: t.early })),
        'posts published early',
      ).toEqual([]);
      expect(
        tooLate.map((t) => ({ postId: t.postId, lateMs: t.late, dueWhileUp: t.whileUp })),
        `posts published more than ${BOUND_MS} ms late`,
      ).toEqual([]);

      // The read model agrees, and no publishing job was given up.
      const progress = new ProjectionProgress(testDb.database, store);
      await progress.start();
      cleanups.push(() => progress.close());
      expect(await progress.waitFor(await store.headPosition(), { names: [BLOGS_PROJECTION], timeoutMs: 60_000 })).not.toBeNull();
      const blogs = await progress.readModel<BlogsReadModel>(BLOGS_PROJECTION);
      const statuses = await blogs
        .selectFrom('posts')
        .select(['status'])
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .groupBy('status')
        .execute();
      expect(statuses.map((s) => [s.status, Number(s.n)])).toEqual([['published', POSTS]]);
      const states = new Map<JobState | 'gone', number>();
      for (const post of posts) {
        const state = (await jobs.inspect(publishScheduledPost, post.postId))?.state ?? 'gone';
        states.set(state, (states.get(state) ?? 0) + 1);
      }
      console.log(`[scheduled publishing, ${name}] publishing jobs afterwards: ${JSON.stringify(Object.fromEntries(states))}`);
      expect(states.get('failed') ?? 0).toBe(0);
    },
  );
});

/** Creates a post scheduled for `publishAt` as the API does: decide and append (the workers' reactor queues its job). */
async function schedulePost(store: EventStore, authorId: string, i: number, publishAt: number): Promise<ScheduledPost> {
  const postId = randomUUID();
  const url = `timetable-${i}`;
  const decider = postDecider(postId);
  const events = decider.decide(
    {
      kind: 'create',
      actor: { userId: authorId, role: 'blogger', blogs: [BLOG_ID] },
      postId,
      blogId: BLOG_ID,
      url,
      content: { title: `Timetable ${i}`, subtitle: '', seriesTitle: 'Timetable', excerpt: '', markdown: `Post number ${i}, on time.` },
      intent: { status: 'scheduled', publishAt: new Date(publishAt).toISOString() },
      now: new Date().toISOString(),
    },
    decider.initialState,
  );
  // (The API also reserves the url in its own stream; these urls are unique by construction.)
  await store.append(postStream(postId), events, { expectedRevision: 'no_stream', cause: { actor: authorId } });
  return { postId, publishAt };
}

/** Until `holds` is true of every item (checked again, item by item, until it is). */
async function untilEach<T>(items: readonly T[], holds: (item: T) => Promise<boolean>): Promise<void> {
  for (const item of items) {
    while (!(await holds(item))) await sleep(50);
  }
}

/** Runs task(0 … count-1) in order, `concurrency` at a time. */
async function inOrder<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/** Follows the log, counting the posts published so far (to know when to stop waiting). */
function watchPublications(store: EventStore): { count(): number; has(postId: string): boolean; stop(): Promise<void> } {
  const posts = new Set<string>();
  let stopped = false;
  const loop = (async () => {
    let after = await store.headPosition();
    while (!stopped) {
      let batch: RecordedEvent[];
      do {
        batch = await store.readAll({ after, maxCount: 500 });
        for (const event of batch) {
          if (event.type === 'PostPublished') posts.add((event.data as { postId: string }).postId);
          after = event.position;
        }
      } while (batch.length === 500);
      await sleep(100);
    }
  })();
  return {
    count: () => posts.size,
    has: (postId: string) => posts.has(postId),
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

function max(values: number[]): number {
  return values.length === 0 ? Number.NaN : Math.max(...values);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}
