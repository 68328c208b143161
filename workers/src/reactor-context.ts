import {
  defineReactor,
  type Config,
  type Database,
  type EventStore,
  type Logger,
  type Position,
  type ProjectionProgress,
  type Reactor,
  type ReactorSpec,
  type RecordedEvent,
} from '@epos/platform';
import { JobRunningError, type JobQueue } from '@epos/platform/jobs/index';
import type { EventDefinition } from '@epos/schemas';

/** What reactions may use: they read and enqueue, they do not send. */
export interface ReactorContext {
  config: Config;
  database: Database;
  store: EventStore;
  jobs: JobQueue;
  logger: Logger;
  /** Read models, as far as the projections have got. */
  progress: ProjectionProgress;
}

/** A reactor of the workers process: each reaction receives its event typed by the schemas, and names only events listed. */
export function defineWorkerReactor<const Defs extends readonly EventDefinition[]>(spec: ReactorSpec<ReactorContext, Defs>): Reactor<ReactorContext> {
  return defineReactor<ReactorContext, Defs>(spec);
}

/**
 * A mail about an event is worth sending only while it is news: a reactor replayed over an old
 * log (a new deployment, a rebuilt checkpoint) must not mail readers about last year's posts.
 */
const MAIL_HORIZON_MS = 2 * 24 * 3600_000;

export function isNews(event: RecordedEvent, context: ReactorContext): boolean {
  const news = Date.now() - Date.parse(event.metadata.timestamp) < MAIL_HORIZON_MS;
  if (!news)
    context.logger.info({ eventType: event.type, position: event.position.toString(), at: event.metadata.timestamp }, 'no mail about an event this old');
  return news;
}

/** The read models a reaction needs have not applied its event yet: worth waiting for. */
export class ReadModelBehindError extends Error {
  constructor(names: readonly string[], position: Position) {
    super(`read models ${names.join(', ')} have not reached position ${position} yet`);
    this.name = 'ReadModelBehindError';
  }
}

/** Waits until the named read models include `event`; reactions that read them call this first. */
export async function readModelsAt(context: ReactorContext, event: RecordedEvent, names: readonly string[]): Promise<void> {
  const reached = await context.progress.waitFor(event.position, { names, timeoutMs: 10_000 });
  if (!reached) throw new ReadModelBehindError(names, event.position);
}

/**
 * Failures that pass by themselves: a read model catching up, the job backend coming back, a run
 * of the same job in progress (it ends soon; then the job can be replaced).
 */
export async function isTransient(context: ReactorContext, error: unknown): Promise<boolean> {
  return error instanceof ReadModelBehindError || error instanceof JobRunningError || !(await context.jobs.reachable());
}
