import type { MailTransport } from '@epos/platform/mail/index';
import { sendMail } from './mail/send-mail.js';
import type { JobRegistration } from './runner.js';

/** What handlers may use from the process that runs them (the Runtime has all of it). */
export interface WorkerContext {
  mail: MailTransport;
}

/** A handler registration, or a factory of one for handlers that need the process's context. */
export type WorkerRegistryEntry = JobRegistration | ((context: WorkerContext) => JobRegistration);

/**
 * Every job handler the workers process runs. Features add theirs here
 * (e.g. `handle(publishScheduledPost, publishScheduledPostHandler)` from
 * `./blogs/`, mail from `./mail/`).
 */
export const workerRegistry: WorkerRegistryEntry[] = [sendMail];

/** The registry's handlers, built for this process. */
export function workerHandlers(context: WorkerContext): JobRegistration[] {
  return workerRegistry.map((entry) => (typeof entry === 'function' ? entry(context) : entry));
}
