import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { handleCommand } from '@epos/platform';
import {
  apiErrorSchema,
  apiMediaAnswer,
  apiMediaQuery,
  mediaMessages,
  mediaThumbUrl,
  sentenceStream,
  type ApiMediaAnswer,
  type ApiMediaQuery,
  type Cause,
  type MediaKind,
} from '@epos/schemas';
import { DomainError } from '@epos/domain';
import { attach, sentenceMediaDecider } from '@epos/domain/media/attachment';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import type { ApiDeps } from '../deps.js';
import { readModel } from '../read-models.js';
import { HttpError } from '../http/error-handler.js';
import { POSITION_HEADER } from '../http/consistency.js';
import { API_KEY_HEADER, MEDIA_API_ACTOR, requireMediaApiKey } from './api-key.js';
import { receivedFiles } from './receive-files.js';
import { storeUpload } from './store-upload.js';
import { admitUpload, refusalError, uploaderOf } from './storage-quota.js';

/**
 * The sentences files go to, by their running numbers: f=Sentence, the sentence numbered `s`;
 * f=Section, the sentences of the `s`-th section of the poem (counted through every book and canto),
 * in poem order.
 */
async function targetSentences(deps: ApiDeps, request: FastifyRequest, query: ApiMediaQuery): Promise<{ id: number; number: number }[]> {
  const db = await readModel<PoemReadModel>(deps, request, POEM_PROJECTION);
  if (query.f === 'Sentence') {
    const row = await db.selectFrom('sentences').select(['id', 'sentence']).where('sentence', '=', query.s).executeTakeFirst();
    if (!row) throw new HttpError(404, 'not_found', mediaMessages.noSentence(query.s), {}, [{ field: 's', message: mediaMessages.noSentence(query.s) }]);
    return [{ id: row.id, number: query.s }];
  }
  const section = await db
    .selectFrom('sentences')
    .select(['book', 'canto', 'section'])
    .where('sentence', 'is not', null)
    .groupBy(['book', 'canto', 'section'])
    .orderBy('book')
    .orderBy('canto')
    .orderBy('section')
    .offset(query.s - 1)
    .limit(1)
    .executeTakeFirst();
  if (!section || section.book === null || section.canto === null || section.section === null) {
    throw new HttpError(404, 'not_found', mediaMessages.noSection(query.s), {}, [{ field: 's', message: mediaMessages.noSection(query.s) }]);
  }
  const rows = await db
    .selectFrom('sentences')
    .select(['id', 'sentence'])
    .where('book', '=', section.book)
    .where('canto', '=', section.canto)
    .where('section', '=', section.section)
    .where('sentence', 'is not', null)
    .orderBy('sentence')
    .execute();
  return rows.map((r) => ({ id: r.id, number: r.sentence! }));
}

async function kindOf(data: Buffer): Promise<'image' | 'audio'> {
  return (await fileTypeFromBuffer(data))?.mime.startsWith('audio/') ? 'audio' : 'image';
}

/**
 * `POST /api/Media?s=&f=`: files sent with the media API key (`X-Api-Key`, from configuration,
 * compared in constant time), each checked and stored like any upload and attached at the end of
 * the sentence's list: images as paintings (or `kind`), audio as audio. For a section, file i (in
 * the order sent) goes to the section's i-th sentence; files beyond its last sentence are not done.
 * It authenticates by the key, not by a session: no anti-forgery token.
 */
export function apiMediaRoute(app: FastifyInstance, deps: ApiDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/Media',
    {
      config: { permission: 'media.manage', keyAuthenticated: true },
      onRequest: async (request) => requireMediaApiKey(request, deps.config.MEDIA_API_KEY),
      schema: {
        tags: ['media'],
        summary: `Upload images or audio to a sentence (f=Sentence) or to a section's sentences in order (f=Section); needs the ${API_KEY_HEADER} header`,
        querystring: apiMediaQuery,
        response: {
          200: apiMediaAnswer,
          400: apiErrorSchema.describe("No file was sent ('Select File') or a bad parameter"),
          401: apiErrorSchema.describe("No valid key: 'Not Authorised'"),
          404: apiErrorSchema.describe('No such sentence or section'),
          507: apiErrorSchema.describe("The site's storage quota is full, or the disk is nearly full"),
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, 'validation', mediaMessages.selectFile);
      const targets = await targetSentences(deps, request, request.query);
      const cause: Cause = { actor: MEDIA_API_ACTOR, correlationId: String(request.id) };
      const answer: ApiMediaAnswer = { FilesData: [], NotdoneFiles: [] };
      let index = 0;
      let last: bigint | null = null;
      const admission = await admitUpload(deps, request, 'audio', uploaderOf(deps, request, MEDIA_API_ACTOR));
      for await (const { field, fileName, data } of receivedFiles(request, admission.limit, { cut: admission.cutBy !== null })) {
        // A sentence takes every file; a section's sentences take one each, in order.
        const target = request.query.f === 'Sentence' ? targets[0] : targets[index++];
        const notDone = (reason: string) => answer.NotdoneFiles.push({ name: fileName, field, reason });
        if (!data) {
          if (admission.cutBy) throw refusalError(request, admission.cutBy);
          notDone(mediaMessages.tooLarge('audio'));
          continue;
        }
        if (!target) {
          notDone(mediaMessages.noSentenceLeft);
          continue;
        }
        const kind = await kindOf(data);
        const stored = await storeUpload({ ...deps, gate: admission.gate }, cause, kind, fileName, data);
        if (!stored.ok) {
          // This call takes both kinds: a type that is neither is refused as such.
          notDone(stored.reason === mediaMessages.wrongType('image') ? mediaMessages.wrongTypeAny : stored.reason);
          continue;
        }
        const mediaKind: MediaKind = kind === 'audio' ? 'audio' : (request.query.kind ?? 'painting');
        const item = {
          url: stored.url,
          ...(kind === 'image' ? { thumbUrl: mediaThumbUrl(stored.hash, stored.file.ext) } : {}),
          media: stored.hash,
          title: fileName.replace(/\.[^.]*$/, '').slice(0, 500),
        };
        const attached = await handleCommand(deps.store, {
          streamId: sentenceStream(target.id),
          decider: sentenceMediaDecider(target.id),
          command: { mediaKind, change: attach(item) },
          cause,
        }).catch((error: unknown) => {
          if (error instanceof DomainError) return error;
          throw error;
        });
        if (attached instanceof DomainError) {
          notDone(attached.message);
          continue;
        }
        last = attached.position ?? stored.position ?? last;
        answer.FilesData.push({ name: fileName, field, fileUrl: stored.url, sentence: target.number, kind: mediaKind });
      }
      if (answer.FilesData.length === 0 && answer.NotdoneFiles.length === 0) throw new HttpError(400, 'validation', mediaMessages.selectFile);
      if (last !== null) reply.header(POSITION_HEADER, last.toString());
      return answer;
    },
  );
}
