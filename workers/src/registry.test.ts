import { describe, expect, it } from 'vitest';
import { jobTypes } from '@epos/platform/jobs/job-types';
import { workerHandlers, type WorkerContext } from './registry.js';

describe('jobTypes', () => {
  it('names the job type of every registered handler, in order', () => {
    // Building a registration only captures the context; nothing here runs a handler.
    const handlers = workerHandlers({ database: { db: {} } } as unknown as WorkerContext);
    expect(handlers.map((h) => h.job.name)).toEqual(jobTypes.map((job) => job.name));
    expect(handlers.map((h) => h.job)).toEqual([...jobTypes]);
  });
});
