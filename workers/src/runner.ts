import type { JobContext, JobDefinition, JobQueue, JobWorker, ProcessOptions } from '@epos/platform/jobs/index';
import type { Logger } from '@epos/platform/logging/logger';
import type { z } from 'zod';

/**
 * A handler for one job type, as features register it in the worker registry.
 * `handler` is declared as a method so registrations of different job types fit
 * in one list; build them with `handle()` to keep the payload typed.
 */
export interface JobRegistration<Schema extends z.ZodType = z.ZodType> {
  readonly job: JobDefinition<Schema>;
  handler(payload: z.output<Schema>, context: JobContext): Promise<void>;
  readonly options?: ProcessOptions;
}

/** Pairs a job type with its handler (the payload type follows from the job's schema). */
export function handle<Schema extends z.ZodType>(
  job: JobDefinition<Schema>,
  handler: (payload: z.output<Schema>, context: JobContext) => Promise<void>,
  options?: ProcessOptions,
): JobRegistration<Schema> {
  return { job, handler, ...(options ? { options } : {}) };
}

export interface StartWorkersOptions {
  jobs: JobQueue;
  handlers: readonly JobRegistration[];
  logger: Logger;
}

export interface RunningWorkers {
  /** Stops taking jobs, lets the ones in progress finish, then closes the job queue. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts one BullMQ worker per registered job type. The runner owns `jobs`:
 * stop() closes it once every worker has drained. If the workers cannot all
 * start (a job type registered twice, a worker failing to connect), those
 * already started are stopped, `jobs` is closed and the error is thrown.
 */
export async function startWorkers({ jobs, handlers, logger }: StartWorkersOptions): Promise<RunningWorkers> {
  const names = handlers.map((h) => h.job.name);
  const started: JobWorker[] = [];
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      logger.info({ workers: started.length }, 'stopping job workers');
      const results = await Promise.allSettled(started.map((w) => w.close()));
      for (const result of results) {
        if (result.status === 'rejected') logger.error({ err: result.reason }, 'job worker did not close cleanly');
      }
      await jobs.close();
      logger.info('job workers stopped');
    })();
    return stopping;
  };

  try {
    const duplicate = names.find((name, i) => names.indexOf(name) !== i);
    if (duplicate) throw new Error(`Job "${duplicate}" has more than one handler registered`);
    for (const registration of handlers) {
      started.push(await jobs.process(registration.job, (payload, context) => registration.handler(payload, context), registration.options));
    }
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  logger.info({ kind: jobs.kind, jobs: names }, 'job workers started');
  return { stop };
}
