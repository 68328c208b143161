import type { FastifyReply } from 'fastify';
import type { CommandResult } from '@epos/platform';
import { POSITION_HEADER } from './plugins/consistency.js';

/** Marks a command response with the position of its last event, for read-your-writes. */
export function withPosition<Event>(reply: FastifyReply, result: CommandResult<Event>): FastifyReply {
  if (result.position !== null) reply.header(POSITION_HEADER, result.position.toString());
  return reply;
}
