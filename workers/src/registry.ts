import type { Config, Database, EventStore, Logger, ProjectionProgress } from '@epos/platform';
import type { JobQueue } from '@epos/platform/jobs/index';
import type { MailTransport } from '@epos/platform/mail/index';
import { notifySubscribersHandler, publishScheduledPostHandler } from './blogs/handlers.js';
import { sendMail } from './mail/send-mail.js';
import type { JobRegistration } from './runner.js';

/** What handlers may use from the process that runs them. */
export interface WorkerContext {
  mail: MailTransport;
  config: Config;
  database: Database;
  store: EventStore;
  jobs: JobQueue;
  logger: Logger;
  /** Read models, as far as the projections have got. */
  progress: ProjectionProgress;
}

/** A handler registration, or a factory of one for handlers that need the process's context. */
export type WorkerRegistryEntry = JobRegistration | ((context: WorkerContext) => JobRegistration);

/** Every job handler the workers process runs. Features add theirs here. */
export const workerRegistry: WorkerRegistryEntry[] = [sendMail, publishScheduledPostHandler, notifySubscribersHandler];

/** The registry's handlers, built for this process. */
export function workerHandlers(context: WorkerContext): JobRegistration[] {
  return workerRegistry.map((entry) => (typeof entry === 'function' ? entry(context) : entry));
}
