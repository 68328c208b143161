import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newTestDatabase, useTestDatabase } from '../testkit/vitest.js';
import { createJobQueue, defineJob, InvalidJobPayloadError, JobQueueClosedError, type JobContext, type JobDefinition, type JobQueue } from './index.js';

const db = useTestDatabase();
const REDIS_URL = process.env.REDIS_URL;

interface Run<P> {
  payload: P;
  context: JobContext;
  at: number;
}

/** A handler that records its runs, optionally failing. */
function recorder<P>(behaviour: (run: Run<P>) => Promise<void> | void = () => undefined) {
  const runs: Run<P>[] = [];
  return {
    runs,
    handler: async (payload: P, context: JobContext) => {
      const run = { payload, context, at: Date.now() };
      runs.push(run);
      await behaviour(run);
    },
  };
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const uniquePrefix = () => `test-${randomBytes(4).toString('hex')}`;

interface BackendUnderTest {
  open(prefix: string, databaseUrl: string): JobQueue;
  /** Connections a queue with this prefix still holds on the service. */
  openConnections(prefix: string, databaseUrl: string, jobs: JobDefinition[]): Promise<number>;
  cleanup(prefix: string): Promise<void>;
}

function jobQueueSuite(label: string, backend: BackendUnderTest) {
  describe(label, () => {
    let prefix: string;
    let jobs: JobQueue;

    // A queue per test: each job type holds its own pools, so a shared queue would keep them all
    // open to the end of the file (more than a 100-connection server allows beside other files).
    beforeEach(() => {
      prefix = uniquePrefix();
      jobs = backend.open(prefix, db().url);
    });
    afterEach(async () => {
      await jobs?.close();
      await backend.cleanup(prefix);
    });

    it('runs a job once with its validated payload', async () => {
      const greet = defineJob({
        name: 'test.greet',
        payload: z.object({ postId: z.string(), title: z.string().default('untitled') }),
      });
      const { runs, handler } = recorder<z.output<typeof greet.payload>>();
      await jobs.process(greet, handler);

      const result = await jobs.enqueue(greet, { postId: 'p1' });
      await until('the run', () => runs.length === 1);
      await sleep(200);

      expect(runs).toHaveLength(1);
      expect(runs[0]!.payload).toEqual({ postId: 'p1', title: 'untitled' });
      expect(runs[0]!.context).toMatchObject({ jobId: result.jobId, attempt: 1, maxAttempts: 3 });
      expect(result.replaced).toBe(false);
      await until('completed', async () => (await jobs.inspect(greet, result.jobId))?.state === 'completed');
    });

    it('keeps the progress a running job reports, for inspect, and refuses one out of range', async () => {
      const slow = defineJob({ name: 'test.progress', payload: z.object({}) });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const refusals: unknown[] = [];
      await jobs.process(slow, async (_payload, context) => {
        await context.reportProgress({ percent: 40, stage: 'typesetting canto 2' });
        await context.reportProgress({ percent: 140, stage: 'too far' }).catch((error: unknown) => refusals.push(error));
        await released;
      });
      const { jobId } = await jobs.enqueue(slow, {});
      await until('progress', async () => (await jobs.inspect(slow, jobId))?.progress?.percent === 40);
      expect(await jobs.inspect(slow, jobId)).toMatchObject({ state: 'running', progress: { percent: 40, stage: 'typesetting canto 2' } });
      expect(refusals).toEqual([expect.any(RangeError)]);
      release();
      await until('completed', async () => (await jobs.inspect(slow, jobId))?.state === 'completed');
    });

    it('rejects an invalid payload at enqueue, naming the field', async () => {
      const publish = defineJob({ name: 'test.invalid', payload: z.object({ postId: z.string().uuid() }) });
      const attempt = jobs.enqueue(publish, { postId: 42 } as unknown as { postId: string });
      await expect(attempt).rejects.toBeInstanceOf(InvalidJobPayloadError);
      await expect(attempt).rejects.toThrow(/test\.invalid.*postId: .*expected string/);
      await expect(jobs.enqueue(publish, { postId: 'not-a-uuid' })).rejects.toThrow(/postId: Invalid UUID/);
    });

    it('fails a job whose stored payload breaks its schema at once, without retrying', async () => {
      const strict = defineJob({ name: 'test.revalidated', payload: z.object({ n: z.number() }), attempts: 3 });
      const loose = defineJob({ name: 'test.revalidated', payload: z.object({ n: z.unknown() }) });
      const { runs, handler } = recorder<{ n: number }>();
      await jobs.process(strict, handler);

      const { jobId } = await jobs.enqueue(loose, { n: 'not a number' });
      await until('failed', async () => (await jobs.inspect(strict, jobId))?.state === 'failed');
      const info = await jobs.inspect(strict, jobId);
      expect(info?.failedReason).toMatch(/n: .*expected number/);
      expect(info?.attemptsMade).toBe(1);
      expect(runs).toHaveLength(0);
    });

    it('does not run a delayed job early, and runs it after its delay', async () => {
      const remind = defineJob({ name: 'test.delayed', payload: z.object({ note: z.string() }) });
      const { runs, handler } = recorder<{ note: string }>();
      await jobs.process(remind, handler);

      const result = await jobs.enqueue(remind, { note: 'later' }, { delayMs: 700 });
      await sleep(350);
      expect(runs).toHaveLength(0);
      expect((await jobs.inspect(remind, result.jobId))?.state).toBe('scheduled');

      await until('the delayed run', () => runs.length === 1);
      expect(runs[0]!.at).toBeGreaterThanOrEqual(result.runAt.getTime());
      expect(runs[0]!.payload).toEqual({ note: 'later' });
    });

    it('replaces a pending delayed job re-enqueued with the same jobId: one run, at the new time', async () => {
      const publish = defineJob({ name: 'test.reschedule', payload: z.object({ version: z.number() }) });
      const { runs, handler } = recorder<{ version: number }>();
      await jobs.process(publish, handler);

      const jobId = 'publish:post-1'; // ':' is not allowed in BullMQ ids, so this also checks the encoding
      const first = await jobs.enqueue(publish, { version: 1 }, { jobId, delayMs: 400 });
      expect(first).toMatchObject({ jobId, replaced: false });
      const second = await jobs.enqueue(publish, { version: 2 }, { jobId, runAt: new Date(Date.now() + 1000) });
      expect(second).toMatchObject({ jobId, replaced: true });

      await sleep(700);
      expect(runs).toHaveLength(0);
      await until('the rescheduled run', () => runs.length === 1);
      expect(runs[0]!.at).toBeGreaterThanOrEqual(second.runAt.getTime());
      expect(runs[0]!.payload).toEqual({ version: 2 });
      expect(runs[0]!.context.jobId).toBe(jobId);
      await sleep(300);
      expect(runs).toHaveLength(1);

      // Once finished, the same jobId schedules a new run.
      const third = await jobs.enqueue(publish, { version: 3 }, { jobId });
      expect(third.replaced).toBe(false);
      await until('the run after the finished one', () => runs.length === 2);
      expect(runs[1]!.payload).toEqual({ version: 3 });
    });

    it('moving a scheduled job earlier wakes the waiting worker', async () => {
      const publish = defineJob({ name: 'test.earlier', payload: z.object({ version: z.number() }) });
      const { runs, handler } = recorder<{ version: number }>();
      await jobs.process(publish, handler);

      await jobs.enqueue(publish, { version: 1 }, { jobId: 'post-2', delayMs: 60_000 });
      await sleep(200); // let the worker block until the far-off time
      const moved = await jobs.enqueue(publish, { version: 2 }, { jobId: 'post-2', delayMs: 300 });
      expect(moved.replaced).toBe(true);
      await until('the run at the earlier time', () => runs.length === 1, 3000);
      expect(runs[0]!.at).toBeGreaterThanOrEqual(moved.runAt.getTime());
      expect(runs[0]!.payload).toEqual({ version: 2 });
    });

    it('cancel prevents a pending job from running', async () => {
      const mail = defineJob({ name: 'test.cancel', payload: z.object({ to: z.string() }) });
      const { runs, handler } = recorder<{ to: string }>();
      await jobs.process(mail, handler);

      await jobs.enqueue(mail, { to: 'a@example.org' }, { jobId: 'welcome-1', delayMs: 300 });
      expect(await jobs.cancel(mail, 'welcome-1')).toBe(true);
      await sleep(700);
      expect(runs).toHaveLength(0);
      expect(await jobs.inspect(mail, 'welcome-1')).toBeNull();
      expect(await jobs.cancel(mail, 'welcome-1')).toBe(false);
    });

    it('retries a failing handler per attempts, then marks the job failed', async () => {
      const flaky = defineJob({
        name: 'test.failing',
        payload: z.object({ n: z.number() }),
        attempts: 3,
        backoff: { type: 'fixed', delayMs: 100 },
      });
      const { runs, handler } = recorder<{ n: number }>(({ context }) => {
        throw new Error(`boom on attempt ${context.attempt}`);
      });
      await jobs.process(flaky, handler);

      await jobs.enqueue(flaky, { n: 1 }, { jobId: 'flaky-1' });
      await until('failed', async () => (await jobs.inspect(flaky, 'flaky-1'))?.state === 'failed');
      expect(runs.map((r) => r.context.attempt)).toEqual([1, 2, 3]);
      expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(100);
      const info = await jobs.inspect(flaky, 'flaky-1');
      expect(info).toMatchObject({ state: 'failed', attemptsMade: 3, failedReason: 'boom on attempt 3' });
      await sleep(300);
      expect(runs).toHaveLength(3);
    });

    it('counts runs per state, lists failed runs with their error, and retries a failed run', async () => {
      const fragile = defineJob({ name: 'test.fragile', payload: z.object({ n: z.number() }), attempts: 1 });
      let healthy = false;
      const { runs, handler } = recorder<{ n: number }>(({ payload }) => {
        if (!healthy) throw new Error(`broken on ${payload.n}`);
      });
      expect(await jobs.counts(fragile)).toEqual({ waiting: 0, scheduled: 0, running: 0, failed: 0, completed: 0 });
      await jobs.enqueue(fragile, { n: 9 }, { jobId: 'later', delayMs: 60_000 });
      expect(await jobs.counts(fragile)).toMatchObject({ waiting: 0, scheduled: 1 });
      await jobs.process(fragile, handler);

      await jobs.enqueue(fragile, { n: 1 }, { jobId: 'first' });
      await until('first failed', async () => (await jobs.inspect(fragile, 'first'))?.state === 'failed');
      await jobs.enqueue(fragile, { n: 2 }, { jobId: 'second' });
      await until('second failed', async () => (await jobs.inspect(fragile, 'second'))?.state === 'failed');
      expect(await jobs.counts(fragile)).toEqual({ waiting: 0, scheduled: 1, running: 0, failed: 2, completed: 0 });
      const failed = await jobs.failedJobs(fragile, 10);
      expect(failed.map((f) => [f.jobId, f.state, f.failedReason, f.payload])).toEqual([
        ['second', 'failed', 'broken on 2', { n: 2 }],
        ['first', 'failed', 'broken on 1', { n: 1 }],
      ]);
      expect((await jobs.failedJobs(fragile, 1)).map((f) => f.jobId)).toEqual(['second']);
      expect(await jobs.failedJobs(fragile, 0)).toEqual([]);

      expect(await jobs.retry(fragile, 'later')).toBe(false);
      expect(await jobs.retry(fragile, 'never-enqueued')).toBe(false);
      healthy = true;
      expect(await jobs.retry(fragile, 'first')).toBe(true);
      await until('first completed', async () => (await jobs.inspect(fragile, 'first'))?.state === 'completed');
      expect(runs.map((r) => [r.payload.n, r.context.attempt])).toEqual([
        [1, 1],
        [2, 1],
        [1, 1],
      ]);
      expect(await jobs.retry(fragile, 'first')).toBe(false);
      expect(await jobs.counts(fragile)).toEqual({ waiting: 0, scheduled: 1, running: 0, failed: 1, completed: 1 });
      expect((await jobs.failedJobs(fragile, 10)).map((f) => f.jobId)).toEqual(['second']);
    });

    it('close() waits for the job in progress and releases every connection', async () => {
      const other = await newTestDatabase();
      const closePrefix = uniquePrefix();
      const slow = defineJob({ name: 'test.slow', payload: z.object({}) });
      const queue = backend.open(closePrefix, other.url);
      try {
        let finished = false;
        const { runs, handler } = recorder<object>(async () => {
          await sleep(300);
          finished = true;
        });
        await queue.process(slow, handler);
        await queue.enqueue(slow, {});
        await until('the run to start', () => runs.length === 1);
        expect(await backend.openConnections(closePrefix, other.url, [slow])).toBeGreaterThan(0);

        await queue.close();
        expect(finished).toBe(true);
        await expect(queue.enqueue(slow, {})).rejects.toBeInstanceOf(JobQueueClosedError);
        await until('connections to close', async () => (await backend.openConnections(closePrefix, other.url, [slow])) === 0);
        await queue.close(); // idempotent
      } finally {
        await queue.close();
        await backend.cleanup(closePrefix);
        await other.drop();
      }
    });
  });
}

jobQueueSuite('BullMQ on PostgreSQL', {
  open: (prefix, databaseUrl) => {
    const queue = createJobQueue({ databaseUrl, prefix });
    expect(queue.kind).toBe('postgres');
    return queue;
  },
  async openConnections(_prefix, databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return rows[0]!.n;
    } finally {
      await client.end();
    }
  },
  async cleanup() {
    // The test database (BullMQ's schema with it) is dropped after the file.
  },
});

describe.skipIf(!REDIS_URL)('with Redis', () => {
  const redisUrl = REDIS_URL ?? '';
  let admin: Redis;
  beforeAll(() => {
    admin = new Redis(redisUrl);
  });
  afterAll(async () => {
    await admin.quit();
  });

  jobQueueSuite('BullMQ on Redis', {
    open: (prefix, databaseUrl) => {
      const queue = createJobQueue({ databaseUrl, redisUrl, prefix });
      expect(queue.kind).toBe('redis');
      return queue;
    },
    async openConnections(prefix, _databaseUrl, jobs) {
      // Ours are named `<prefix>-producer|worker`; BullMQ names a worker's blocking connection bull:<base64(queue)>.
      const blocking = new Set(jobs.map((job) => `bull:${Buffer.from(`${prefix}.${job.name}`).toString('base64')}`));
      const list = (await admin.client('LIST')) as string;
      return list
        .split('\n')
        .map((line) => /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '')
        .filter((name) => name.startsWith(`${prefix}-`) || blocking.has(name)).length;
    },
    async cleanup(prefix) {
      let cursor = '0';
      do {
        const [next, keys] = await admin.scan(cursor, 'MATCH', `bull:${prefix}.*`, 'COUNT', 500);
        if (keys.length > 0) await admin.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
  });
});
