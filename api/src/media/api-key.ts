import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { mediaMessages } from '@epos/schemas';
import { HttpError } from '../http/error-handler.js';

export const API_KEY_HEADER = 'x-api-key';
/** Who `POST /api/Media`'s events say did it. */
export const MEDIA_API_ACTOR = 'media-api';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether the request carries the configured key, compared in constant time (both sides hashed
 * first, so neither their lengths nor their contents leak through timing). No key configured: never.
 */
function hasMediaApiKey(request: FastifyRequest, configured: string | undefined): boolean {
  const sent = request.headers[API_KEY_HEADER];
  if (!configured || typeof sent !== 'string' || sent === '') return false;
  return timingSafeEqual(digest(sent), digest(configured));
}

export function requireMediaApiKey(request: FastifyRequest, configured: string | undefined): void {
  if (!hasMediaApiKey(request, configured)) throw new HttpError(401, 'unauthorized', mediaMessages.notAuthorised);
}
