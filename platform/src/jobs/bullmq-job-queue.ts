import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError, Worker, createPostgresBackend, type JobsOptions, type KeepJobs } from 'bullmq';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { pino } from 'pino';
import type { z } from 'zod';
import { MAX_RECONNECT_DELAY_MS } from '../db/outage.js';
import type { Logger } from '../logging/logger.js';
import { QuietErrorLog } from './quiet-error-log.js';
import { InvalidJobPayloadError, parseJobPayload, serializeJobPayload, type JobDefinition } from './define-job.js';
import {
  JobQueueClosedError,
  JobRunningError,
  type EnqueueOptions,
  type EnqueueResult,
  type JobCounts,
  type JobHandler,
  type JobInfo,
  type JobProgress,
  type JobQueue,
  type JobState,
  type JobWorker,
  type ProcessOptions,
} from './port.js';

export interface JobQueueOptions {
  /** PostgreSQL server for the default backend (BullMQ keeps its tables in the `bullmq` schema). */
  databaseUrl: string;
  /** When set, BullMQ runs on this Redis instead of PostgreSQL. */
  redisUrl?: string;
  /** Queue names are `<prefix>.<job name>`; every process using the same prefix shares the queues. Default `epos`. */
  prefix?: string;
  logger?: Logger;
}

/** Picks BullMQ on Redis when `redisUrl` is set, else BullMQ on PostgreSQL. */
export function createJobQueue(options: JobQueueOptions): BullmqJobQueue {
  const common = { prefix: options.prefix ?? 'epos', logger: options.logger };
  return options.redisUrl
    ? new BullmqJobQueue({ kind: 'redis', redisUrl: options.redisUrl, ...common })
    : new BullmqJobQueue({ kind: 'postgres', databaseUrl: options.databaseUrl, ...common });
}

export type BullmqJobQueueOptions = ({ kind: 'postgres'; databaseUrl: string } | { kind: 'redis'; redisUrl: string }) & {
  prefix: string;
  logger?: Logger | undefined;
};

/** Finished runs are kept a while for inspection, then dropped by BullMQ as later jobs finish. */
const KEEP_COMPLETED: KeepJobs = { age: 7 * 24 * 3600, count: 1000 };
const KEEP_FAILED: KeepJobs = { age: 30 * 24 * 3600, count: 10_000 };
const PENDING_STATES = new Set(['delayed', 'waiting', 'prioritized', 'waiting-children']);
const PREFIX = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/i;
const MAX_JOB_ID_LENGTH = 256;

/** The slice of a BullMQ job this adapter reads (same shape on both backends). */
interface StoredJob {
  id?: string | undefined;
  data: unknown;
  timestamp: number;
  delay: number;
  attemptsMade: number;
  failedReason: string;
  progress?: unknown;
  opts: { attempts?: number | undefined };
  updateProgress(progress: JobProgress): Promise<void>;
  retry(state: 'failed', opts: { resetAttemptsMade: boolean; resetAttemptsStarted: boolean }): Promise<void>;
}

const COUNTED_STATES = ['waiting', 'prioritized', 'waiting-children', 'delayed', 'active', 'failed', 'completed'] as const;

/** The slice of BullMQ's Queue this adapter uses, whichever backend it runs on. */
interface QueueHandle {
  add(name: string, data: unknown, opts: JobsOptions): Promise<unknown>;
  getJob(id: string): Promise<StoredJob | undefined>;
  getJobState(id: string): Promise<string>;
  getJobCounts(...types: (typeof COUNTED_STATES)[number][]): Promise<Record<string, number>>;
  /** Most recently failed first. */
  getFailed(start: number, end: number): Promise<StoredJob[]>;
  remove(id: string): Promise<number>;
  waitUntilReady(): Promise<void>;
  close(): Promise<void>;
}

interface WorkerHandle {
  waitUntilReady(): Promise<void>;
  close(): Promise<void>;
}

type Processor = (job: StoredJob) => Promise<void>;

interface WorkerEvents {
  onError(error: Error): void;
  onFailed(job: StoredJob | undefined, error: Error): void;
}

/** Builds BullMQ queues and workers on one backend. */
interface Backend {
  queue(name: string, onError: (error: Error) => void): QueueHandle;
  worker(name: string, processor: Processor, concurrency: number, events: WorkerEvents): WorkerHandle;
  /** Whether the backend answers now (false after `timeoutMs`). */
  reachable(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * How long a worker waits before fetching again after its connection failed (BullMQ's default
 * is 15 s): the longest wait of the site's own reconnections, so jobs resume within 5 s of the
 * server being back.
 */
const RUN_RETRY_DELAY_MS = MAX_RECONNECT_DELAY_MS;
/**
 * A run whose worker died (SIGKILL, lost machine) is taken up again once its lock expires: the
 * lock is renewed every 5 s while the run lives and checked every 5 s, so a killed worker's runs
 * resume within about 15 s instead of BullMQ's default of up to a minute.
 */
const CRASH_RECOVERY = { lockDuration: 10_000, stalledInterval: 5_000 };

/**
 * PostgreSQL: every Queue/Worker gets `{ connectionString, migrate: true }` and
 * `createPostgresBackend` as the last constructor argument. Each owns a small
 * pg pool (plus one LISTEN connection for a worker) and closes it on close();
 * `migrate: true` applies BullMQ's own migrations under an advisory lock.
 */
/**
 * BullMQ's PostgreSQL backend, with an error listener on every client its pool hands out: BullMQ
 * listens on the pool (idle clients) only, so a client it holds between two statements (its
 * start-up migrations, a job's steps) would crash the process with an unhandled 'error' event when
 * PostgreSQL ends the session (57P01 on a restart). The statement under way fails and is retried.
 */
export const guardedPostgresBackend: typeof createPostgresBackend = (name, opts, factoryOpts) => {
  const backend = createPostgresBackend(name, opts, factoryOpts);
  (backend.connection.pool as unknown as pg.Pool).on('connect', (client) => client.on('error', () => undefined));
  return backend;
};

function postgresBackend(databaseUrl: string): Backend {
  const connection = (max: number) => ({
    connectionString: databaseUrl,
    migrate: true,
    application_name: 'epos-jobs',
    max,
  });
  return {
    queue(name, onError) {
      const queue = new Queue(name, { connection: connection(4) }, guardedPostgresBackend);
      queue.on('error', onError);
      return queue;
    },
    worker(name, processor, concurrency, events) {
      const worker = new Worker(
        name,
        processor,
        { connection: connection(concurrency + 2), concurrency, runRetryDelay: RUN_RETRY_DELAY_MS, ...CRASH_RECOVERY },
        guardedPostgresBackend,
      );
      worker.on('error', events.onError);
      worker.on('failed', events.onFailed);
      return worker;
    },
    // The site's own database check covers this server.
    reachable: async () => true,
    async close() {},
  };
}

/**
 * Redis: one ioredis connection shared by all queues (producers) and one shared
 * by all workers (with `maxRetriesPerRequest: null`, as BullMQ requires for
 * workers); BullMQ duplicates the worker connection for each blocking read.
 * Both are ours, so BullMQ leaves them open and close() quits them last.
 */
function redisBackend(redisUrl: string, prefix: string, errors: QuietErrorLog): Backend {
  const producer = new Redis(redisUrl, { connectionName: `${prefix}-producer` });
  const consumer = new Redis(redisUrl, { connectionName: `${prefix}-worker`, maxRetriesPerRequest: null });
  for (const client of [producer, consumer]) {
    // ioredis reconnects by itself; one warning per outage, not one per attempt.
    client.on('error', (error: Error) => errors.report(error, 'redis connection error'));
  }
  return {
    queue(name, onError) {
      const queue = new Queue(name, { connection: producer });
      queue.on('error', onError);
      return queue;
    },
    worker(name, processor, concurrency, events) {
      const worker = new Worker(name, processor, { connection: consumer, concurrency, runRetryDelay: RUN_RETRY_DELAY_MS, ...CRASH_RECOVERY });
      worker.on('error', events.onError);
      worker.on('failed', events.onFailed);
      return worker;
    },
    async reachable(timeoutMs) {
      if (producer.status !== 'ready') return false;
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
      return Promise.race([
        producer.ping().then(
          () => true,
          () => false,
        ),
        timeout,
      ]);
    },
    async close() {
      await Promise.all(
        [producer, consumer].map(async (client) => {
          if (client.status === 'end') return;
          try {
            await client.quit();
          } catch {
            client.disconnect();
          }
        }),
      );
    },
  };
}

/** BullMQ ids may not be integers nor contain ':'; ours are any string, so they are encoded. */
function toStoredId(jobId: string): string {
  return `j.${encodeURIComponent(jobId)}`;
}

function fromStoredId(id: string | undefined): string {
  if (id === undefined) return '';
  return id.startsWith('j.') ? decodeURIComponent(id.slice(2)) : id;
}

function checkJobId(jobId: string): void {
  if (typeof jobId !== 'string' || jobId.length === 0 || jobId.length > MAX_JOB_ID_LENGTH) {
    throw new Error(`A jobId must be a non-empty string of at most ${MAX_JOB_ID_LENGTH} characters`);
  }
}

function delayOf(options: EnqueueOptions): number {
  if (options.delayMs !== undefined && options.runAt !== undefined) {
    throw new Error('Give either delayMs or runAt, not both');
  }
  if (options.delayMs !== undefined) {
    if (!Number.isFinite(options.delayMs) || options.delayMs < 0) {
      throw new Error(`delayMs must be zero or more milliseconds (got ${options.delayMs})`);
    }
    return Math.ceil(options.delayMs);
  }
  if (options.runAt !== undefined) {
    const at = options.runAt.getTime();
    if (Number.isNaN(at)) throw new Error('runAt is not a valid date');
    return Math.max(0, Math.ceil(at - Date.now()));
  }
  return 0;
}

function publicState(state: string): JobState | null {
  switch (state) {
    case 'delayed':
      return 'scheduled';
    case 'waiting':
    case 'prioritized':
    case 'waiting-children':
      return 'waiting';
    case 'active':
      return 'running';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    default:
      return null;
  }
}

function infoOf(stored: StoredJob, state: JobState): JobInfo {
  return {
    jobId: fromStoredId(stored.id),
    state,
    runAt: new Date(stored.timestamp + (stored.delay ?? 0)),
    attemptsMade: stored.attemptsMade ?? 0,
    ...(stored.failedReason ? { failedReason: stored.failedReason } : {}),
    ...(isProgress(stored.progress) ? { progress: stored.progress } : {}),
    payload: stored.data,
  };
}

function isProgress(value: unknown): value is JobProgress {
  const v = value as Partial<JobProgress> | null | undefined;
  return typeof v?.percent === 'number' && typeof v.stage === 'string';
}

/** The JobQueue port over BullMQ, on its PostgreSQL backend or on Redis. */
export class BullmqJobQueue implements JobQueue {
  readonly kind: 'postgres' | 'redis';
  readonly prefix: string;
  private readonly logger: Logger;
  private readonly errors: QuietErrorLog;
  private readonly backend: Backend;
  private readonly queues = new Map<string, Promise<QueueHandle>>();
  private readonly workers = new Set<JobWorker>();
  private closing: Promise<void> | null = null;

  constructor(options: BullmqJobQueueOptions) {
    if (!PREFIX.test(options.prefix)) {
      throw new Error(`Job queue prefix "${options.prefix}" must be letters, digits, '-' and '.', starting with a letter`);
    }
    this.kind = options.kind;
    this.prefix = options.prefix;
    this.logger = (options.logger ?? pino({ level: 'silent' })).child({ component: 'jobs', backend: options.kind });
    this.errors = new QuietErrorLog(this.logger);
    this.backend = options.kind === 'postgres' ? postgresBackend(options.databaseUrl) : redisBackend(options.redisUrl, options.prefix, this.errors);
  }

  /** The BullMQ queue name of a job type. */
  queueName(job: JobDefinition): string {
    return `${this.prefix}.${job.name}`;
  }

  async enqueue<Schema extends z.ZodType>(job: JobDefinition<Schema>, payload: z.input<Schema>, options: EnqueueOptions = {}): Promise<EnqueueResult> {
    this.assertOpen();
    const data = serializeJobPayload(job, payload);
    const delay = delayOf(options);
    if (options.jobId !== undefined) checkJobId(options.jobId);
    const jobId = options.jobId ?? randomUUID();
    const id = toStoredId(jobId);
    const queue = await this.queueFor(job);

    let replaced = false;
    if (options.jobId !== undefined) {
      const state = await queue.getJobState(id);
      if (state === 'active') throw new JobRunningError(job.name, jobId, 'replace');
      if (state !== 'unknown') {
        // BullMQ ignores an add whose id exists, so the old run (pending or finished) goes first.
        if ((await queue.remove(id)) !== 1) {
          const now = await queue.getJobState(id);
          if (now === 'active') throw new JobRunningError(job.name, jobId, 'replace');
          if (now !== 'unknown') throw new Error(`Could not replace job "${job.name}" with id "${jobId}" (state ${now})`);
        }
        replaced = PENDING_STATES.has(state);
      }
    }

    const timestamp = Date.now();
    await queue.add(job.name, data, {
      jobId: id,
      timestamp,
      delay,
      attempts: job.attempts,
      backoff: { type: job.backoff.type, delay: job.backoff.delayMs },
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    });
    this.logger.debug({ job: job.name, jobId, delay, replaced }, 'job enqueued');
    return { jobId, replaced, runAt: new Date(timestamp + delay) };
  }

  async cancel(job: JobDefinition, jobId: string): Promise<boolean> {
    this.assertOpen();
    checkJobId(jobId);
    const id = toStoredId(jobId);
    const queue = await this.queueFor(job);
    const state = await queue.getJobState(id);
    if (state === 'unknown') return false;
    if (state === 'active') throw new JobRunningError(job.name, jobId, 'cancel');
    if ((await queue.remove(id)) !== 1) {
      const now = await queue.getJobState(id);
      if (now === 'active') throw new JobRunningError(job.name, jobId, 'cancel');
      if (now !== 'unknown') throw new Error(`Could not cancel job "${job.name}" with id "${jobId}" (state ${now})`);
    }
    return PENDING_STATES.has(state);
  }

  async inspect(job: JobDefinition, jobId: string): Promise<JobInfo | null> {
    this.assertOpen();
    checkJobId(jobId);
    const id = toStoredId(jobId);
    const queue = await this.queueFor(job);
    const stored = await queue.getJob(id);
    if (!stored) return null;
    const state = publicState(await queue.getJobState(id));
    if (state === null) return null;
    return infoOf(stored, state);
  }

  async counts(job: JobDefinition): Promise<JobCounts> {
    this.assertOpen();
    const queue = await this.queueFor(job);
    const n = await queue.getJobCounts(...COUNTED_STATES);
    const count = (state: (typeof COUNTED_STATES)[number]) => n[state] ?? 0;
    return {
      waiting: count('waiting') + count('prioritized') + count('waiting-children'),
      scheduled: count('delayed'),
      running: count('active'),
      failed: count('failed'),
      completed: count('completed'),
    };
  }

  async failedJobs(job: JobDefinition, limit: number): Promise<JobInfo[]> {
    this.assertOpen();
    if (!Number.isInteger(limit) || limit < 0) throw new Error(`limit must be a whole number of at least 0 (got ${limit})`);
    if (limit === 0) return [];
    const queue = await this.queueFor(job);
    // A run removed between listing and reading comes back empty from BullMQ.
    const failed = (await queue.getFailed(0, limit - 1)).filter((stored): stored is StoredJob => Boolean(stored?.id));
    return failed.map((stored) => infoOf(stored, 'failed'));
  }

  async retry(job: JobDefinition, jobId: string): Promise<boolean> {
    this.assertOpen();
    checkJobId(jobId);
    const id = toStoredId(jobId);
    const queue = await this.queueFor(job);
    const stored = await queue.getJob(id);
    if (!stored || (await queue.getJobState(id)) !== 'failed') return false;
    try {
      await stored.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    } catch (error) {
      // Someone else retried or removed it meanwhile: it is no longer a failed run.
      if ((await queue.getJobState(id)) !== 'failed') return false;
      throw error;
    }
    this.logger.info({ job: job.name, jobId }, 'failed job retried');
    return true;
  }

  async process<Schema extends z.ZodType>(job: JobDefinition<Schema>, handler: JobHandler<z.output<Schema>>, options: ProcessOptions = {}): Promise<JobWorker> {
    this.assertOpen();
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error(`concurrency must be a whole number of at least 1 (got ${concurrency})`);
    }
    const logger = this.logger.child({ job: job.name });

    const processor: Processor = async (stored) => {
      const jobId = fromStoredId(stored.id);
      const attempt = stored.attemptsMade + 1;
      const maxAttempts = stored.opts.attempts ?? 1;
      let payload: z.output<Schema>;
      try {
        payload = parseJobPayload(job, stored.data, 'process');
      } catch (error) {
        // Retrying cannot fix a payload that breaks its schema: fail the job at once.
        if (error instanceof InvalidJobPayloadError) throw new UnrecoverableError(error.message);
        throw error;
      }
      const reportProgress = async (progress: JobProgress) => {
        if (!Number.isFinite(progress.percent) || progress.percent < 0 || progress.percent > 100)
          throw new RangeError(`progress must be 0 to 100 (got ${progress.percent})`);
        await stored.updateProgress({ percent: progress.percent, stage: progress.stage });
      };
      await handler(payload, { jobId, attempt, maxAttempts, logger: logger.child({ jobId, attempt }), reportProgress });
    };

    const worker = this.backend.worker(this.queueName(job), processor, concurrency, {
      onError: (error) => this.errors.report(error, 'job worker error', { job: job.name }),
      onFailed: (stored, error) => {
        if (!stored) return logger.error({ err: error }, 'job failed');
        const final = stored.attemptsMade >= (stored.opts.attempts ?? 1) || error instanceof UnrecoverableError;
        logger[final ? 'error' : 'warn'](
          { err: error, jobId: fromStoredId(stored.id), attemptsMade: stored.attemptsMade },
          final ? 'job failed' : 'job attempt failed, will retry',
        );
      },
    });
    try {
      await worker.waitUntilReady();
    } catch (error) {
      await worker.close().catch(() => undefined);
      throw error;
    }

    let closing: Promise<void> | null = null;
    const handle: JobWorker = {
      jobName: job.name,
      close: () => {
        closing ??= worker.close().finally(() => this.workers.delete(handle));
        return closing;
      },
    };
    this.workers.add(handle);
    logger.info({ concurrency }, 'job worker started');
    return handle;
  }

  reachable(timeoutMs = 1_000): Promise<boolean> {
    return this.backend.reachable(timeoutMs);
  }

  close(): Promise<void> {
    this.closing ??= this.closeAll();
    return this.closing;
  }

  private async closeAll(): Promise<void> {
    // Workers first: they stop taking jobs and let the ones in progress finish.
    await Promise.allSettled([...this.workers].map((w) => w.close()));
    const queues = await Promise.allSettled([...this.queues.values()]);
    await Promise.allSettled(queues.map((q) => (q.status === 'fulfilled' ? q.value.close() : undefined)));
    this.queues.clear();
    await this.backend.close();
  }

  private assertOpen(): void {
    if (this.closing) throw new JobQueueClosedError();
  }

  private queueFor(job: JobDefinition): Promise<QueueHandle> {
    const name = this.queueName(job);
    let queue = this.queues.get(name);
    if (!queue) {
      const created = this.backend.queue(name, (error) => this.errors.report(error, 'job queue error', { queue: name }));
      queue = created.waitUntilReady().then(
        () => created,
        async (error: unknown) => {
          this.queues.delete(name);
          await created.close().catch(() => undefined);
          throw error;
        },
      );
      this.queues.set(name, queue);
    }
    return queue;
  }
}
