import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { handleCommand } from '@epos/platform';
import { notificationsDecider } from '@epos/domain/activity/notifications-decider';
import {
  ACTIVITY_PAGE_SIZE,
  markReadAnswer,
  markReadForm,
  NOTIFICATIONS_PAGE_SIZE,
  notificationsAnswer,
  notificationStreamAnswer,
  notificationsQuery,
  notificationsStream,
  recentsAnswer,
  recentsQuery,
  unreadAnswer,
  type UnreadAnswer,
} from '@epos/schemas';
import { ACTIVITY_CHANGED_CHANNEL, ACTIVITY_PROJECTION, RECENTS_SCOPE, type ActivityReadModel } from '@epos/projections/activity/read-model';
import { findNotifications, findRecents, unreadOf } from '@epos/projections/activity/queries';
import type { ApiDeps } from '../deps.js';
import { causeOf, withPosition } from '../commands.js';
import { requireActor, requireLiveSession, requirePermission } from '../accounts/security.js';
import { clientAddress } from '../accounts/rate-limits.js';
import { parseOr400 } from '../blogs/validation.js';
import { ChangeCache } from '../http/change-cache.js';
import { renderAnswer, sendCacheable } from '../http/http-cache.js';
import { readModel, readModelSchema, afterWrite } from '../read-models.js';
import { activityItems, notificationItems } from './views.js';
import { NotificationStreams } from './notification-streams.js';

const reads = { reads: [ACTIVITY_PROJECTION] };
const tags = ['activity'];
const pages = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
/** How long a mark waits for the projection to apply it, so its answer counts what is left. */
const MARK_WAIT_MS = 5_000;

/** The public activity feed (`/api/recents`) and each signed-in reader's notifications, with their live stream. */
export function activityRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const activityDb = (request: FastifyRequest | null) =>
    request ? readModel<ActivityReadModel>(deps, request, ACTIVITY_PROJECTION) : deps.progress.readModel<ActivityReadModel>(ACTIVITY_PROJECTION);
  const cache = new ChangeCache(deps.database, ACTIVITY_CHANGED_CHANNEL, deps.memory);

  async function unreadAnswerOf(request: FastifyRequest | null, userId: string): Promise<UnreadAnswer> {
    const { unread, newest } = await unreadOf(await activityDb(request), userId);
    return { unread, newest: newest ? (await notificationItems(deps, request, [newest]))[0]! : null };
  }

  return async (app) => {
    const caps = { perSession: deps.config.STREAMS_PER_SESSION, perAddress: deps.config.STREAMS_PER_ADDRESS, perProcess: deps.config.STREAMS_PER_PROCESS };
    const streams = new NotificationStreams(
      deps.database,
      caps,
      (userId) => unreadAnswerOf(null, userId),
      (hashes) => app.sessionEnds.liveAmong(hashes),
      (error) => deps.logger.warn({ err: error }, 'a notification stream could not be updated'),
    );
    await cache.start().catch((error: unknown) => deps.logger.warn({ err: error }, 'activity cache listener not connected; serving uncached'));
    await streams.start().catch((error: unknown) => deps.logger.warn({ err: error }, 'notification streams not listening; readers fall back to polling'));
    // Open streams would keep the server from closing.
    app.addHook('preClose', async () => streams.close());
    app.addHook('onClose', async () => cache.close());

    app.get(
      '/api/recents',
      {
        config: reads,
        schema: {
          tags,
          summary: "The newest public activity (posts, comments, pages, books, corrections, translations, readers' works), a page at a time",
          querystring: recentsQuery,
          response: { 200: recentsAnswer },
        },
      },
      async (request, reply) => {
        const { page } = request.query;
        const body = await cache.answer(
          request.consistentAfter,
          () => readModelSchema(deps, request, ACTIVITY_PROJECTION),
          `recents:${page}`,
          async () => {
            const { rows, total } = await findRecents(await activityDb(request), { offset: (page - 1) * ACTIVITY_PAGE_SIZE, limit: ACTIVITY_PAGE_SIZE });
            return renderAnswer(reply, { items: await activityItems(deps, request, rows), page, pages: pages(total, ACTIVITY_PAGE_SIZE), total });
          },
          RECENTS_SCOPE,
        );
        return sendCacheable(request, reply, body!);
      },
    );

    app.get(
      '/api/notifications',
      {
        config: reads,
        schema: {
          tags,
          summary: "The signed-in reader's notifications, newest first, with how many are unread",
          querystring: notificationsQuery,
          response: { 200: notificationsAnswer },
        },
      },
      async (request, reply) => {
        requirePermission(request, 'notifications.own');
        const { page } = request.query;
        const { rows, total, unread } = await findNotifications(await activityDb(request), requireActor(request).id, {
          offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE,
          limit: NOTIFICATIONS_PAGE_SIZE,
        });
        reply.header('cache-control', 'private, no-store');
        return { items: await notificationItems(deps, request, rows), unread, page, pages: pages(total, NOTIFICATIONS_PAGE_SIZE), total };
      },
    );

    app.get(
      '/api/notifications/unread',
      {
        config: reads,
        schema: {
          tags,
          summary: "How many of the signed-in reader's notifications are unread, and the newest (the polling fallback of the stream)",
          response: { 200: unreadAnswer },
        },
      },
      async (request, reply) => {
        requirePermission(request, 'notifications.own');
        reply.header('cache-control', 'private, no-store');
        return unreadAnswerOf(request, requireActor(request).id);
      },
    );

    app.get(
      '/api/notifications/stream',
      {
        schema: {
          tags,
          summary:
            "Server-sent events: `unread` (an UnreadAnswer) on connecting and whenever the reader's notifications change; ends when the session does. 429 with Retry-After over STREAMS_PER_SESSION, STREAMS_PER_ADDRESS or STREAMS_PER_PROCESS open streams",
          response: { 200: notificationStreamAnswer },
        },
      },
      async (request, reply) => {
        requirePermission(request, 'notifications.own');
        const actor = requireActor(request);
        const holder = { userId: actor.id, sessionHash: actor.sessionHash, address: clientAddress(request) };
        streams.checkRoom(holder);
        await requireLiveSession(request, app.sessionEnds);
        // From here to `add` nothing waits: no other stream takes the room, and a session ending now ends this stream.
        streams.checkRoom(holder);
        reply.hijack();
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'private, no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
        });
        reply.raw.flushHeaders();
        await streams.add(holder, reply.raw);
      },
    );

    app.post(
      '/postdata/notifications/read',
      {
        config: { permission: 'notifications.own' },
        schema: {
          tags,
          summary: 'Mark one notification (`id`) or every one up to `upTo` as read; answers how many are left unread',
          response: { 200: markReadAnswer },
        },
      },
      async (request, reply) => {
        const form = parseOr400(markReadForm, request.body);
        const userId = requireActor(request).id;
        const command = 'id' in form ? ({ kind: 'read', id: form.id } as const) : ({ kind: 'readUpTo', upTo: form.upTo } as const);
        const result = await handleCommand(deps.store, {
          streamId: notificationsStream(userId),
          decider: notificationsDecider(userId),
          command,
          cause: causeOf(request),
        });
        if (result.position !== null) await afterWrite(deps, result.position, [ACTIVITY_PROJECTION], MARK_WAIT_MS);
        const { unread } = await unreadOf(await deps.progress.readModel<ActivityReadModel>(ACTIVITY_PROJECTION), userId);
        return withPosition(reply, result).send({ unread });
      },
    );
  };
}
