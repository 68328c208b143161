import type { Config } from '@epos/platform';
import { listOutbox, mailTransportKind, outboxDir, readOutboxEml, readOutboxMessage } from '@epos/platform/mail/index';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema, notJson } from '@epos/schemas';
import type { ApiDeps } from '../deps.js';
import { sendError } from '../http/error-handler.js';
import { allowInlineStyles } from '../http/security-headers.js';
import { messagePage, notFoundPage, outboxPage } from './page.js';

/**
 * The dev mailbox holds every reset and activation link, so it is on only in development
 * (NODE_ENV=development), while mail goes to the outbox (no SMTP_URL), and not behind a proxy
 * (TRUST_PROXY off); each request must then come from this machine (see `fromThisMachine`).
 */
export function devMailEnabled(config: Pick<Config, 'NODE_ENV' | 'SMTP_URL' | 'TRUST_PROXY'>): boolean {
  return config.NODE_ENV === 'development' && !config.TRUST_PROXY && mailTransportKind({ smtpUrl: config.SMTP_URL }) === 'outbox';
}

const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

/**
 * Whether the caller is on this machine: the connection's own address is loopback (never a
 * forwarded one), and no proxy on this machine passed the request on for someone else.
 */
function fromThisMachine(request: Pick<FastifyRequest, 'socket' | 'headers'>): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback = address === '::1' || /^(::ffff:)?127\./.test(address);
  return loopback && !PROXY_HEADERS.some((name) => request.headers[name] !== undefined);
}

type Params = { id: string };
const page = notJson('text/html: a page of the development mailbox');
const eml = notJson('text/plain: the message as the outbox wrote it (.eml)');
/**
 * Left out of the API document (a development tool). 404 is a page for an unknown message, JSON
 * when the mailbox is off or the caller is not on this machine.
 */
const hidden = (body: z.ZodType) => ({ schema: { hide: true, response: { 200: body, 404: z.union([page, apiErrorSchema]) } } });

/** A page of the mailbox; styles may be inline, the page's own and those of the mails it previews. */
function html(reply: FastifyReply, body: string, status = 200): FastifyReply {
  allowInlineStyles(reply);
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/**
 * `/dev/mail`: the development mailbox, listing what the outbox transport wrote
 * (newest first) and showing each message. When it is off, its paths answer 404
 * (rather than falling through to the reader app).
 */
export function devMailRoutes(deps: ApiDeps): FastifyPluginAsync {
  return async (app) => {
    const notFound = async (request: FastifyRequest, reply: FastifyReply) =>
      sendError(reply, request, { statusCode: 404, error: 'not_found', message: 'Not Found' });
    if (!devMailEnabled(deps.config)) {
      app.get('/dev/mail', hidden(page), notFound);
      app.get('/dev/mail/*', hidden(z.union([page, eml])), notFound);
      return;
    }
    app.addHook('onRequest', async (request, reply) => {
      if (!fromThisMachine(request)) return notFound(request, reply);
    });
    const dir = outboxDir(deps.config.dataDir);

    app.get('/dev/mail', hidden(page), async (_request, reply) => html(reply, outboxPage(await listOutbox(dir), dir)));

    app.get<{ Params: Params }>('/dev/mail/:id', hidden(page), async (request, reply) => {
      const message = await readOutboxMessage(dir, request.params.id);
      return message ? html(reply, messagePage(message)) : html(reply, notFoundPage(), 404);
    });

    app.get<{ Params: Params }>('/dev/mail/:id/raw', hidden(eml), async (request, reply) => {
      const eml = await readOutboxEml(dir, request.params.id);
      if (!eml) return html(reply, notFoundPage(), 404);
      return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(eml);
    });
  };
}
