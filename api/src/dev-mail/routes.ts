import type { Config } from '@epos/platform';
import { listOutbox, mailTransportKind, outboxDir, readOutboxEml, readOutboxMessage } from '@epos/platform/mail/index';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiDeps } from '../deps.js';
import { sendError } from '../plugins/error-handler.js';
import { messagePage, notFoundPage, outboxPage } from './page.js';

/** The dev mailbox is served outside production, and only while mail goes to the outbox (no SMTP_URL). */
/** Development only: not in production, not with real mail, and only on a loopback address. */
export function devMailEnabled(config: Pick<Config, 'NODE_ENV' | 'SMTP_URL' | 'HOST'>): boolean {
  const loopback = config.HOST === 'localhost' || config.HOST === '::1' || config.HOST.startsWith('127.');
  return config.NODE_ENV !== 'production' && loopback && mailTransportKind({ smtpUrl: config.SMTP_URL }) === 'outbox';
}

type Params = { id: string };
const hidden = { schema: { hide: true } };

function html(reply: FastifyReply, body: string, status = 200): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/**
 * `/dev/mail`: the development mailbox, listing what the outbox transport wrote
 * (newest first) and showing each message. When it is off, its paths answer 404
 * (rather than falling through to the reader app).
 */
export function devMailRoutes(deps: ApiDeps): FastifyPluginAsync {
  return async (app) => {
    if (!devMailEnabled(deps.config)) {
      const notFound = async (request: FastifyRequest, reply: FastifyReply) =>
        sendError(reply, request, { statusCode: 404, error: 'not_found', message: 'Not Found' });
      app.get('/dev/mail', hidden, notFound);
      app.get('/dev/mail/*', hidden, notFound);
      return;
    }
    const dir = outboxDir(deps.config.dataDir);

    app.get('/dev/mail', hidden, async (_request, reply) => html(reply, outboxPage(await listOutbox(dir), dir)));

    app.get<{ Params: Params }>('/dev/mail/:id', hidden, async (request, reply) => {
      const message = await readOutboxMessage(dir, request.params.id);
      return message ? html(reply, messagePage(message)) : html(reply, notFoundPage(), 404);
    });

    app.get<{ Params: Params }>('/dev/mail/:id/raw', hidden, async (request, reply) => {
      const eml = await readOutboxEml(dir, request.params.id);
      if (!eml) return html(reply, notFoundPage(), 404);
      return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(eml);
    });
  };
}
