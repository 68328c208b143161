import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  DomainError,
  DuplicateEventError,
  invalidInputMessage,
  isDatabaseUnavailable,
  ReadModelFailedError,
  ReadModelNotReadyError,
  WrongExpectedRevisionError,
} from '@epos/platform';
import { BEING_REBUILT_CODE, BEING_REBUILT_MESSAGE, fieldInSentence, relabelledMessage, type ApiError } from '@epos/schemas';

export const FORM_EXPIRED = 'This form has expired or did not come from this site. Reload the page and try again.';
/** Seconds a client should wait before retrying while the database (or another dependency) is down. */
export const DATABASE_RETRY_AFTER_S = 5;
/** A read model being rebuilt takes minutes, not seconds. */
export const REBUILD_RETRY_AFTER_S = 60;
const domainStatus = { invalid: 400, not_found: 404, conflict: 409, forbidden: 403 } as const;
const clientErrorCodes: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/** Raised by routes and hooks to answer with a specific status and message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly fields?: { field: string; message: string }[],
  ) {
    super(message);
  }
}

/** Serialised here, so a route's own response schema for the status (health's 503) never applies to an error. */
/** A 400 naming the one field at fault. */
export const invalidField = (field: string, message: string) => new HttpError(400, 'validation', message, {}, [{ field, message }]);

export function sendError(reply: FastifyReply, request: FastifyRequest, body: Omit<ApiError, 'requestId'>): FastifyReply {
  return reply
    .code(body.statusCode)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ ...body, requestId: String(request.id) }));
}

/**
 * One error shape for every failure; user errors never become a 500, and no stack reaches a client.
 * Event data failing its schema after a route validated the request is our bug, hence a 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        field: fieldName(error.validationContext, v.instancePath),
        message: v.message ?? 'is invalid',
      }));
      return sendError(reply, request, {
        statusCode: 400,
        error: 'validation',
        // A schema's message may name its field already ("publishAt: expected a date and time"): named once, by its label.
        message: `Invalid ${fields.map((f) => `${fieldInSentence(f.field)}: ${f.message.startsWith(`${f.field}: `) ? f.message.slice(f.field.length + 2) : f.message}`).join('; ')}`,
        fields,
      });
    }
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return sendError(reply, request, {
        statusCode: error.statusCode,
        error: error.code,
        message: relabelledMessage(error.message),
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (error instanceof DomainError) {
      const message = relabelledMessage(error.message);
      return sendError(reply, request, {
        statusCode: domainStatus[error.kind],
        error: error.kind,
        message,
        ...(error.field ? { fields: [{ field: error.field, message }] } : {}),
      });
    }
    if (error instanceof WrongExpectedRevisionError) {
      return sendError(reply, request, {
        statusCode: 409,
        error: 'conflict',
        message: 'Someone else changed this at the same time. Reload it and try again.',
      });
    }
    if (error instanceof DuplicateEventError) {
      return sendError(reply, request, { statusCode: 409, error: 'conflict', message: 'This change was already recorded.' });
    }
    if (error instanceof ReadModelFailedError) {
      // The operator sees the event and the error in /api/health and the console; a reader sees the part is being rebuilt.
      reply.header('retry-after', String(REBUILD_RETRY_AFTER_S));
      return sendError(reply, request, { statusCode: 503, error: BEING_REBUILT_CODE, message: BEING_REBUILT_MESSAGE });
    }
    if (error instanceof ReadModelNotReadyError) {
      reply.header('retry-after', '1');
      return sendError(reply, request, {
        statusCode: 503,
        error: 'not_ready',
        message: 'This part of the site is still starting up. Please try again shortly.',
      });
    }
    if (error.code?.startsWith('FST_CSRF')) {
      return sendError(reply, request, { statusCode: 403, error: 'forbidden', message: FORM_EXPIRED });
    }
    // A client status wins: a 4xx with a network code (an upload the client aborted, ECONNRESET) is not an outage.
    if ((error.statusCode === undefined || error.statusCode >= 500) && isDatabaseUnavailable(error)) {
      // An outage is logged once where the connection was lost, not once per request.
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return sendError(reply, request, { statusCode: 503, error: 'unavailable', message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const refused = invalidInputMessage(error);
    if (refused) {
      // The safety net behind the request schemas: worth knowing which input slipped through them.
      request.log.warn({ sqlState: error.code, route: request.routeOptions.url }, 'the database refused a value from the request');
      return sendError(reply, request, { statusCode: 400, error: 'bad_request', message: refused });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return sendError(reply, request, { statusCode: status, error: clientErrorCodes[status] ?? 'bad_request', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, request, {
      statusCode: 500,
      error: 'internal',
      message: 'Something went wrong on our side. It has been logged; please try again.',
    });
  });
}

function fieldName(context: string | undefined, instancePath: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  return context ?? 'body';
}
