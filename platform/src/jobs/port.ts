import type { z } from 'zod';
import type { Logger } from '../logging/logger.js';
import type { JobDefinition } from './define-job.js';

export interface EnqueueOptions {
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Run no earlier than this moment (a past moment means "now"). Not together with `delayMs`. */
  runAt?: Date;
  /**
   * Names the run, per job type. While a run with this id is pending (scheduled
   * or waiting), enqueueing again replaces it: new payload, new time, still one
   * run. A finished run with this id is forgotten and a new one is enqueued. A
   * run in progress cannot be replaced: enqueue throws JobRunningError.
   * Without a jobId every enqueue is a new run (a random id is generated).
   */
  jobId?: string;
}

export interface EnqueueResult {
  jobId: string;
  /** True when a pending run with the same jobId was replaced. */
  replaced: boolean;
  /** When the run becomes due. */
  runAt: Date;
}

/** How far a run has got, as its handler last reported it. */
export interface JobProgress {
  /** 0 to 100. */
  percent: number;
  /** What it is doing now, for people watching ("rendering canto 3"). */
  stage: string;
}

export interface JobContext {
  jobId: string;
  /** 1 for the first try. */
  attempt: number;
  maxAttempts: number;
  /** Bound to the job's name, id and attempt. */
  logger: Logger;
  /** Records how far the run has got; `inspect` answers it while the run lives. */
  reportProgress(progress: JobProgress): Promise<void>;
}

/**
 * Runs one job. Throwing fails this attempt (retried per the job's attempts and
 * backoff). Delivery is at least once (a crashed worker's job runs again), so
 * handlers must be idempotent and re-check current state before acting.
 */
export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<void>;

export interface ProcessOptions {
  /** Jobs of this type one process runs at a time. Default 1. */
  concurrency?: number;
}

/** A running consumer of one job type. */
export interface JobWorker {
  readonly jobName: string;
  /** Stops taking jobs, waits for the ones in progress to finish, then releases its connections. */
  close(): Promise<void>;
}

export type JobState = 'scheduled' | 'waiting' | 'running' | 'completed' | 'failed';

export interface JobInfo {
  jobId: string;
  /** `scheduled`: waiting for its time (also between retries); `waiting`: due, not yet taken. */
  state: JobState;
  /** When the first attempt was due (retries follow the job's backoff). */
  runAt: Date;
  /** Failed attempts so far. */
  attemptsMade: number;
  failedReason?: string;
  /** The last progress its handler reported (none before the first report). */
  progress?: JobProgress;
  payload: unknown;
}

/** How many runs of one job type are in each state now. */
export interface JobCounts {
  waiting: number;
  /** Waiting for their time, also between retries. */
  scheduled: number;
  running: number;
  /** Kept 30 days. */
  failed: number;
  /** Kept 7 days. */
  completed: number;
}

/** The one port for background jobs: BullMQ on PostgreSQL by default, on Redis when REDIS_URL is set. */
export interface JobQueue {
  readonly kind: 'postgres' | 'redis';
  /** Validates the payload (throws InvalidJobPayloadError naming the field) and enqueues a run. */
  enqueue<Schema extends z.ZodType>(job: JobDefinition<Schema>, payload: z.input<Schema>, options?: EnqueueOptions): Promise<EnqueueResult>;
  /**
   * Cancels the pending run with this id: true when one was cancelled, false
   * when there was none (never enqueued, or already finished). Throws
   * JobRunningError when the run is in progress.
   */
  cancel(job: JobDefinition, jobId: string): Promise<boolean>;
  /** The run with this id, or null when unknown (never enqueued, cancelled, or finished and expired). */
  inspect(job: JobDefinition, jobId: string): Promise<JobInfo | null>;
  /** How many runs of this job type are in each state. */
  counts(job: JobDefinition): Promise<JobCounts>;
  /** The latest failed runs of this job type (most recently failed first), at most `limit`. */
  failedJobs(job: JobDefinition, limit: number): Promise<JobInfo[]>;
  /**
   * Runs a failed run again, with its full attempts: true when it was failed and is now waiting,
   * false when there is no failed run with this id (unknown, pending, running or completed).
   */
  retry(job: JobDefinition, jobId: string): Promise<boolean>;
  /** Starts consuming a job type in this process; resolves once the worker is connected. */
  process<Schema extends z.ZodType>(job: JobDefinition<Schema>, handler: JobHandler<z.output<Schema>>, options?: ProcessOptions): Promise<JobWorker>;
  /**
   * Whether the job backend answers now (false when it does not within `timeoutMs`, default 1 s).
   * A queue on PostgreSQL answers true: the site's database check covers that server.
   */
  reachable(timeoutMs?: number): Promise<boolean>;
  /** Closes workers (letting in-progress jobs finish), then queues and connections. Idempotent. */
  close(): Promise<void>;
}

/** A run with this jobId is in progress, so it can be neither replaced nor cancelled. */
export class JobRunningError extends Error {
  constructor(
    readonly jobName: string,
    readonly jobId: string,
    action: 'replace' | 'cancel',
  ) {
    super(`Cannot ${action} job "${jobName}" with id "${jobId}": it is running now`);
    this.name = 'JobRunningError';
  }
}

export class JobQueueClosedError extends Error {
  constructor() {
    super('The job queue is closed');
    this.name = 'JobQueueClosedError';
  }
}
