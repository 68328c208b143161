import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isUuid } from '../uuid.js';

/** A request's id from the X-Request-Id it sent: kept when it is a uuid (it becomes events' correlation id), else a new one. */
export function requestIdFrom(given: string | string[] | undefined): string {
  return typeof given === 'string' && isUuid(given) ? given.toLowerCase() : randomUUID();
}

/** A request's id (see `requestIdFrom`). */
export const requestIdOf = (request: IncomingMessage): string => requestIdFrom(request.headers['x-request-id']);
