import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { handleCommand, type Position } from '@epos/platform';
import { containing } from '@epos/platform/db/like';
import { mediaNow } from '@epos/platform/media/media-state';
import {
  adminAttachBody,
  adminDetachBody,
  adminMediaAnswer,
  adminMediaListAnswer,
  adminMediaParams,
  adminReplaceBody,
  mediaFileUrl,
  mediaMessages,
  mediaStream,
  mediaThumbUrl,
  sentenceStream,
  type AdminMediaAnswer,
  type MediaItem,
  type MediaKind,
} from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import { attach, detach, replace, sentenceMediaDecider, type MediaListChange } from '@epos/domain/media/attachment';
import { attachableKinds, isInLibrary, mediaDecider, type MediaState } from '@epos/domain/media/media-decider';
import { MEDIA_PROJECTION, type MediaReadModel } from '@epos/projections/media/media-projection';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import type { ApiDeps } from '../../deps.js';
import { causeOf, withPosition } from '../../commands.js';
import { readModel, afterWrite } from '../../read-models.js';
import { HttpError } from '../../http/error-handler.js';
import { POSITION_HEADER } from '../../http/consistency.js';
import { requirePermission } from '../../accounts/security.js';
import { parseListParams, textValues } from '../list-params.js';
import { sendList } from '../lists.js';
import { mediaRecords } from './records.js';

const tags = ['admin'];
const manage = { permission: 'media.manage' } as const;
const SORTS = ['uploadedAt', 'originalName', 'size', 'kind'] as const;
const FILTERS = ['id', 'kind'] as const;
const COLUMNS = { id: 'hash', uploadedAt: 'uploaded_at', originalName: 'original_name', size: 'size', kind: 'kind' } as const;

const notFound = () => new HttpError(404, 'not_found', 'No such file in the media library');
const invalid = (field: string, message: string) => new HttpError(400, 'invalid', message, {}, [{ field, message }]);

/**
 * The media library in the console: uploads listed by kind with their thumbnails and where each is
 * shown; attaching one to a sentence (by its number) as a kind, detaching it, putting another in
 * its place, and removing an upload shown nowhere. Attachments are the poem's own SentenceMediaSet
 * events, decided on the sentence's stream; the History tab reads `media-<hash>`.
 */
export function mediaAdminRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const models = async (request: FastifyRequest) => ({
    media: await readModel<MediaReadModel>(deps, request, MEDIA_PROJECTION),
    poem: await readModel<PoemReadModel>(deps, request, POEM_PROJECTION),
  });
  const record = async (hash: string, after: Position | null, request: FastifyRequest): Promise<AdminMediaAnswer> => {
    if (after !== null) await afterWrite(deps, after, [MEDIA_PROJECTION, POEM_PROJECTION], deps.config.CONSISTENCY_TIMEOUT_MS);
    const { media, poem } =
      after !== null
        ? { media: await deps.progress.readModel<MediaReadModel>(MEDIA_PROJECTION), poem: await deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) }
        : await models(request);
    const row = await media.selectFrom('media').selectAll().where('hash', '=', hash).executeTakeFirst();
    if (!row) throw notFound();
    return (await mediaRecords(media, poem, [row]))[0]!;
  };
  const upload = async (hash: string): Promise<MediaState> => {
    const state = await mediaNow(deps.store, hash);
    if (!isInLibrary(state)) throw notFound();
    return state;
  };
  const itemOf = (state: MediaState, title?: string): MediaItem => {
    const { hash, ext, kind } = state.upload!;
    return { url: mediaFileUrl(hash, ext), ...(kind === 'image' ? { thumbUrl: mediaThumbUrl(hash, ext) } : {}), ...(title ? { title } : {}), media: hash };
  };
  const checkKind = (state: MediaState, kind: MediaKind) => {
    if (!attachableKinds(state.upload!.kind).includes(kind))
      throw invalid(
        'kind',
        `kind: ${state.upload!.kind === 'audio' ? 'audio is attached as audio' : 'an image is attached as painting, sketch, diagram or artistImage'}`,
      );
  };
  const change = async (request: FastifyRequest, number: number, command: MediaListChange): Promise<Position | null> => {
    const poem = await readModel<PoemReadModel>(deps, request, POEM_PROJECTION);
    const row = await poem.selectFrom('sentences').select('id').where('sentence', '=', number).executeTakeFirst();
    if (!row) throw new HttpError(404, 'not_found', mediaMessages.noSentence(number), {}, [{ field: 'sentence', message: mediaMessages.noSentence(number) }]);
    const result = await handleCommand(deps.store, {
      streamId: sentenceStream(row.id),
      decider: sentenceMediaDecider(row.id),
      command,
      cause: causeOf(request),
    });
    return result.position;
  };
  const positioned = (reply: FastifyReply, position: Position | null) => (position === null ? reply : reply.header(POSITION_HEADER, position.toString()));

  return async (app) => {
    app.get(
      '/media',
      {
        schema: {
          tags,
          summary: 'The media library: filter by kind (image, audio), q searches the names; newest first unless sorted',
          querystring: adminListQuery,
          response: { 200: adminMediaListAnswer },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const { media, poem } = await models(request);
        let rows = media.selectFrom('media');
        if (params.filter.kind !== undefined) {
          const kinds = textValues('kind', params.filter.kind);
          if (!kinds.every((k) => k === 'image' || k === 'audio')) throw invalid('filter', 'filter: kind is image or audio');
          rows = rows.where('kind', 'in', kinds as ('image' | 'audio')[]);
        }
        if (params.filter.id !== undefined) rows = rows.where('hash', 'in', textValues('id', params.filter.id));
        if (params.q !== '') rows = rows.where('original_name', 'ilike', containing(params.q));
        const total = Number((await rows.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
        const sort = params.sort ?? { field: 'uploadedAt' as const, order: 'desc' as const };
        const page = await rows
          .selectAll()
          .orderBy(COLUMNS[sort.field], sort.order)
          .orderBy('hash')
          .offset(params.range.start)
          .limit(params.range.end - params.range.start + 1)
          .execute();
        return sendList(reply, 'media', params, await mediaRecords(media, poem, page), total);
      },
    );

    app.get(
      '/media/:id',
      { schema: { tags, summary: 'One upload (id = its SHA-256) with where it is shown', params: adminMediaParams, response: { 200: adminMediaAnswer } } },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return record(request.params.id, null, request);
      },
    );

    app.post(
      '/media/:id/attach',
      {
        config: manage,
        schema: {
          tags,
          summary: "Attach the upload to a sentence (by its number) as a kind, at the end of the sentence's list",
          params: adminMediaParams,
          body: adminAttachBody,
          response: { 200: adminMediaAnswer },
        },
      },
      async (request, reply) => {
        requirePermission(request, 'media.manage');
        const state = await upload(request.params.id);
        checkKind(state, request.body.kind);
        const position = await change(request, request.body.sentence, { mediaKind: request.body.kind, change: attach(itemOf(state, request.body.title)) });
        return positioned(reply, position).send(await record(request.params.id, position, request));
      },
    );

    app.post(
      '/media/:id/detach',
      {
        config: manage,
        schema: {
          tags,
          summary: "Take the upload off a sentence's media of a kind",
          params: adminMediaParams,
          body: adminDetachBody,
          response: { 200: adminMediaAnswer },
        },
      },
      async (request, reply) => {
        requirePermission(request, 'media.manage');
        await upload(request.params.id);
        const position = await change(request, request.body.sentence, { mediaKind: request.body.kind, change: detach(request.params.id) });
        return positioned(reply, position).send(await record(request.params.id, position, request));
      },
    );

    app.post(
      '/media/:id/replace',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Show another upload (`with`) where this one is shown on the sentence, in the same place',
          params: adminMediaParams,
          body: adminReplaceBody,
          response: { 200: adminMediaAnswer },
        },
      },
      async (request, reply) => {
        requirePermission(request, 'media.manage');
        await upload(request.params.id);
        const next = await upload(request.body.with).catch(() => {
          throw invalid('with', 'with: no such file in the media library');
        });
        checkKind(next, request.body.kind);
        const position = await change(request, request.body.sentence, { mediaKind: request.body.kind, change: replace(request.params.id, itemOf(next)) });
        return positioned(reply, position).send(await record(request.body.with, position, request));
      },
    );

    app.delete(
      '/media/:id',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Take an upload shown nowhere out of the library (409 while it is shown)',
          params: adminMediaParams,
          response: { 200: adminMediaAnswer },
        },
      },
      async (request, reply) => {
        requirePermission(request, 'media.manage');
        const before = await record(request.params.id, null, request);
        const result = await handleCommand(deps.store, {
          streamId: mediaStream(request.params.id),
          decider: mediaDecider,
          command: { kind: 'remove', inUse: before.useCount > 0 },
          cause: causeOf(request),
        });
        return withPosition(reply, result).send(before);
      },
    );
  };
}
