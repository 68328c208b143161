import type { JobRegistration } from './runner.js';

/**
 * Every job handler the workers process runs. Features add theirs here
 * (e.g. `handle(publishScheduledPost, publishScheduledPostHandler)` from
 * `./blogs/`, mail from `./mail/`).
 */
export const workerRegistry: JobRegistration[] = [];
