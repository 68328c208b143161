import { createJobQueue, defineJob, JobQueueClosedError } from '@epos/platform/jobs/index';
import { createLogger } from '@epos/platform/logging/logger';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handle, startWorkers, workerRegistry, type JobRegistration } from './index.js';

const db = useTestDatabase();
const logger = createLogger('silent', 'workers-test');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const slow = defineJob({ name: 'test.slow', payload: z.object({ ms: z.number() }) });
const note = defineJob({ name: 'test.note', payload: z.object({ text: z.string() }) });

describe('startWorkers', () => {
  it('processes the registered job types and stops only after the job in progress finished', async () => {
    const events: string[] = [];
    const handlers: JobRegistration[] = [
      handle(slow, async ({ ms }) => {
        events.push('slow started');
        await sleep(ms);
        events.push('slow finished');
      }),
      handle(note, async ({ text }) => {
        events.push(`note ${text}`);
      }),
    ];
    const jobs = createJobQueue({ databaseUrl: db().url, prefix: 'runner-test', logger });
    const workers = await startWorkers({ jobs, handlers, logger });

    await jobs.enqueue(note, { text: 'hello' });
    await until('the note', () => events.includes('note hello'));
    await jobs.enqueue(slow, { ms: 400 });
    await until('the slow job to start', () => events.includes('slow started'));

    await workers.stop();
    events.push('stopped');
    expect(events.slice(-2)).toEqual(['slow finished', 'stopped']);
    await expect(jobs.enqueue(note, { text: 'late' })).rejects.toBeInstanceOf(JobQueueClosedError);
    await workers.stop(); // idempotent
  });

  it('refuses two handlers for one job type', async () => {
    const jobs = createJobQueue({ databaseUrl: db().url, prefix: 'runner-dup', logger });
    try {
      const twice = [handle(note, async () => undefined), handle(note, async () => undefined)];
      await expect(startWorkers({ jobs, handlers: twice, logger })).rejects.toThrow(/test\.note.*more than one handler/);
    } finally {
      await jobs.close();
    }
  });

  it('has a registry features add their handlers to', () => {
    expect(Array.isArray(workerRegistry)).toBe(true);
  });
});
