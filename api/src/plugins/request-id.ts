import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A request's id from the X-Request-Id it sent: kept when it is a uuid (it becomes events' correlation id), else a new one. */
export function requestIdFrom(given: string | string[] | undefined): string {
  return typeof given === 'string' && UUID.test(given) ? given.toLowerCase() : randomUUID();
}

/** A request's id (see `requestIdFrom`). */
export const requestIdOf = (request: IncomingMessage): string => requestIdFrom(request.headers['x-request-id']);
