import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { capturingLogger } from '../testkit/capturing-logger.js';
import { createKillablePostgres, type KillablePostgres } from '../testkit/killable-postgres.js';
import type pg from 'pg';
import { guardedPostgresBackend } from './bullmq-job-queue.js';
import { createJobQueue, defineJob, type JobQueue, type JobWorker } from './index.js';

const note = defineJob({ name: 'test.outage-note', payload: z.object({ text: z.string() }) });
const log = capturingLogger();
let server: KillablePostgres;
let jobs: JobQueue;
let worker: JobWorker;
const done: string[] = [];

async function until(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Enqueues, retrying while the queue's own connections come back, as a route's caller would. */
async function enqueueWhenBack(text: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await jobs.enqueue(note, { text });
      return;
    } catch (error) {
      if (attempt > 50) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

beforeAll(async () => {
  server = await createKillablePostgres();
  jobs = createJobQueue({ databaseUrl: await server.createDatabase('jobs'), prefix: 'outage', logger: log.logger });
  worker = await jobs.process(note, async ({ text }) => void done.push(text));
});
afterAll(async () => {
  await worker?.close();
  await jobs?.close();
  await server?.destroy();
});

describe('the PostgreSQL job queue across an outage', () => {
  for (const mode of ['fast', 'kill'] as const) {
    it(`keeps its worker and takes jobs again after ${mode === 'fast' ? 'a fast shutdown' : 'a SIGKILL'} of PostgreSQL`, async () => {
      await jobs.enqueue(note, { text: `before ${mode}` });
      await until(`the job before the ${mode} outage`, () => done.includes(`before ${mode}`), 10_000);
      await server.stop(mode);
      await new Promise((r) => setTimeout(r, 1500));
      await server.start();
      const restarted = Date.now();
      await enqueueWhenBack(`after ${mode}`);
      await until(`the job after the ${mode} outage`, () => done.includes(`after ${mode}`), 15_000);
      expect(Date.now() - restarted).toBeLessThan(15_000);
    });
  }

  it('survives PostgreSQL ending a session BullMQ holds between two statements (no unhandled error event)', async () => {
    const backend = guardedPostgresBackend('outage.held', { connection: { connectionString: await server.createDatabase('held'), max: 1 } });
    const client = (await backend.connection.pool.connect()) as unknown as pg.PoolClient;
    // A checked-out client: BullMQ's pool no longer listens on it; only the guard does.
    expect(client.listenerCount('error')).toBe(1);
    const ended = new Promise<Error>((resolve) => client.once('error', resolve));
    await server.stop('fast');
    expect((await ended).message).toMatch(/terminating connection/);
    await server.start();
    client.release(true);
    await backend.close();
  });

  it('reported the outages as warnings, never as errors', () => {
    expect(log.lines.filter((l) => l.level >= 50).map((l) => `${l.msg}: ${JSON.stringify(l.err ?? l)}`.slice(0, 600))).toEqual([]);
  });
});
