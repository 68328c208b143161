import type { z } from 'zod';

/** How long to wait before retrying a failed attempt. */
interface JobBackoff {
  /** `fixed`: always `delayMs`; `exponential`: `delayMs * 2^(attempt - 1)`. */
  type: 'fixed' | 'exponential';
  delayMs: number;
}

/**
 * A job type: its name, the zod schema of its payload and its retry policy.
 * Features define them next to their handlers (`workers/src/<feature>/`) and
 * share them with whoever enqueues (api, projections).
 */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  /** Dotted, lower-case, feature first: `blogs.publish-scheduled-post`. */
  readonly name: string;
  readonly payload: Schema;
  /** Total tries (first run included) before the job is marked failed. */
  readonly attempts: number;
  readonly backoff: JobBackoff;
}

/** What `enqueue` accepts for a job type (the schema's input). */
export type JobInput<Job extends JobDefinition> = z.input<Job['payload']>;

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF: JobBackoff = { type: 'exponential', delayMs: 1000 };

const JOB_NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

export interface JobSpec<Schema extends z.ZodType> {
  name: string;
  payload: Schema;
  /** Default 3. */
  attempts?: number;
  /** Default exponential from 1 s. */
  backoff?: JobBackoff;
}

/** Describes a job type. The payload is validated by `payload` on enqueue and again before the handler runs. */
export function defineJob<Schema extends z.ZodType>(spec: JobSpec<Schema>): JobDefinition<Schema> {
  if (!JOB_NAME.test(spec.name)) {
    throw new Error(`Job name "${spec.name}" must be dotted lower-case words, like "blogs.publish-scheduled-post"`);
  }
  const attempts = spec.attempts ?? DEFAULT_ATTEMPTS;
  if (!Number.isInteger(attempts) || attempts < 1) {
    throw new Error(`Job "${spec.name}": attempts must be a whole number of at least 1 (got ${attempts})`);
  }
  const backoff = spec.backoff ?? DEFAULT_BACKOFF;
  if (!Number.isFinite(backoff.delayMs) || backoff.delayMs < 0) {
    throw new Error(`Job "${spec.name}": backoff.delayMs must be zero or more milliseconds (got ${backoff.delayMs})`);
  }
  return Object.freeze({ name: spec.name, payload: spec.payload, attempts, backoff: { ...backoff } });
}

export interface PayloadIssue {
  /** Dotted path of the offending field (`author.id`), or `(payload)` for the whole payload. */
  path: string;
  message: string;
}

/** A payload that does not match its job's schema; the message names each field and what is wrong. */
export class InvalidJobPayloadError extends Error {
  constructor(
    readonly jobName: string,
    readonly issues: readonly PayloadIssue[],
    readonly stage: 'enqueue' | 'process',
  ) {
    super(`Invalid payload for job "${jobName}": ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    this.name = 'InvalidJobPayloadError';
  }
}

function issuesOf(error: z.ZodError): PayloadIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.length === 0 ? '(payload)' : issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** Validates a payload against its job's schema, returning the parsed value or throwing InvalidJobPayloadError. */
export function parseJobPayload<Schema extends z.ZodType>(job: JobDefinition<Schema>, input: unknown, stage: 'enqueue' | 'process'): z.output<Schema> {
  const result = job.payload.safeParse(input);
  if (!result.success) throw new InvalidJobPayloadError(job.name, issuesOf(result.error), stage);
  return result.data;
}

/**
 * Validates on enqueue and returns the JSON value to store. The stored value is
 * parsed again before the handler runs, so the schema must accept its own output
 * after a JSON round trip (use ISO strings rather than `z.date()`, no bigint);
 * that is checked here, so a bad schema fails at enqueue rather than in a worker.
 */
export function serializeJobPayload<Schema extends z.ZodType>(job: JobDefinition<Schema>, input: unknown): unknown {
  const parsed = parseJobPayload(job, input, 'enqueue');
  let json: string | undefined;
  try {
    json = JSON.stringify(parsed);
  } catch (error) {
    throw new InvalidJobPayloadError(job.name, [{ path: '(payload)', message: `cannot be stored as JSON (${(error as Error).message})` }], 'enqueue');
  }
  if (json === undefined) {
    throw new InvalidJobPayloadError(job.name, [{ path: '(payload)', message: 'cannot be stored as JSON' }], 'enqueue');
  }
  const stored: unknown = JSON.parse(json);
  const again = job.payload.safeParse(stored);
  if (!again.success) {
    throw new InvalidJobPayloadError(
      job.name,
      issuesOf(again.error).map((i) => ({
        ...i,
        message: `${i.message} (after storing as JSON: the schema must accept its own JSON output)`,
      })),
      'enqueue',
    );
  }
  return stored;
}
