import type { FastifyReply } from 'fastify';
import type { ListParams } from './list-params.js';

/**
 * A list answer as ra-data-simple-rest reads it: the records, and `Content-Range: <resource> first-last/total`
 * exposed to the app. An empty page says `*` for its range.
 */
export function sendList<T>(reply: FastifyReply, resource: string, params: Pick<ListParams<string>, 'range'>, records: T[], total: number): T[] {
  const { start } = params.range;
  const range = records.length === 0 ? '*' : `${start}-${start + records.length - 1}`;
  reply.header('content-range', `${resource} ${range}/${total}`);
  reply.header('access-control-expose-headers', 'Content-Range');
  reply.header('cache-control', 'private, no-store');
  return records;
}
