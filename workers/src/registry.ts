import type { MailTransport } from '@epos/platform/mail/index';
import type { MediaStorage } from '@epos/platform/storage/port';
import { notifySubscribersHandler, publishScheduledPostHandler } from './blogs/handlers.js';
import { sendMail } from './mail/send-mail.js';
import { renderPdfHandler } from './pdf/handler.js';
import { makeShareCardHandler } from './cards/handler.js';
import { makeDerivativesHandler } from './media/derivatives.js';
import { sweepStorageHandler } from './media/storage-sweep.js';
import { deleteStoredObjectsHandler } from './media/delete-objects.js';
import type { ReactorContext } from './reactor-context.js';
import type { JobRegistration } from './runner.js';

/** What handlers may use from the process that runs them: what reactions may, the mail transport and the media store. */
export interface WorkerContext extends ReactorContext {
  mail: MailTransport;
  media: MediaStorage;
}

/** A handler registration, or a factory of one for handlers that need the process's context. */
export type WorkerRegistryEntry = JobRegistration | ((context: WorkerContext) => JobRegistration);

/** Every job handler the workers process runs. Features add theirs here. */
export const workerRegistry: WorkerRegistryEntry[] = [
  sendMail,
  publishScheduledPostHandler,
  notifySubscribersHandler,
  renderPdfHandler,
  makeShareCardHandler,
  makeDerivativesHandler,
  sweepStorageHandler,
  deleteStoredObjectsHandler,
];

/** The registry's handlers, built for this process. */
export function workerHandlers(context: WorkerContext): JobRegistration[] {
  return workerRegistry.map((entry) => (typeof entry === 'function' ? entry(context) : entry));
}
