import type { z } from 'zod';
import type { JobDefinition } from './define-job.js';
import { JobRunningError, type EnqueueOptions, type JobQueue } from './port.js';

/**
 * Enqueues the run named `jobId` unless one is already pending, running or completed (kept for
 * a while): true when this call enqueued it. A failed run is enqueued anew. For effects that
 * must happen once, where enqueueing again (a redelivered event) must not replace a run on its way.
 */
export async function enqueueOnce<Schema extends z.ZodType>(
  jobs: JobQueue,
  job: JobDefinition<Schema>,
  payload: z.input<Schema>,
  options: EnqueueOptions & { jobId: string },
): Promise<boolean> {
  const existing = await jobs.inspect(job, options.jobId);
  if (existing && existing.state !== 'failed') return false;
  try {
    await jobs.enqueue(job, payload, options);
    return true;
  } catch (error) {
    // Enqueued and taken by a worker since the check above: it is the same run.
    if (error instanceof JobRunningError) return false;
    throw error;
  }
}
