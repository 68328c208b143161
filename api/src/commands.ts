import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CommandResult } from '@epos/platform';
import type { Cause } from '@epos/schemas';
import { POSITION_HEADER } from './http/consistency.js';

/** Marks a command response with the position of its last event, for read-your-writes. */
export function withPosition<Event>(reply: FastifyReply, result: CommandResult<Event>): FastifyReply {
  if (result.position !== null) reply.header(POSITION_HEADER, result.position.toString());
  return reply;
}

/** Who caused a command, for its events' metadata: the request id correlates them. */
export function causeOf(request: FastifyRequest): Cause {
  return { actor: request.actor?.id ?? 'anonymous', correlationId: String(request.id) };
}
