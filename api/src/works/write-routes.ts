import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  maxBytes,
  mediaMessages,
  workAudioAnswer,
  workForm,
  workIdParams,
  workMessageAnswer,
  workMessages,
  workSavedAnswer,
  type WorkForm,
} from '@epos/schemas';
import type { WorkActor } from '@epos/domain/works/work-decider';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { WORKS_PROJECTION } from '@epos/projections/works/works-projection';
import type { ApiDeps } from '../deps.js';
import { causeOf, withPosition } from '../commands.js';
import { requireActor } from '../accounts/security.js';
import { parseOr400 } from '../blogs/validation.js';
import { HttpError } from '../http/error-handler.js';
import { poemQueries } from '../poem/poem-reader.js';
import { receivedFiles } from '../media/receive-files.js';
import { storeUpload } from '../media/store-upload.js';
import { admitUpload, refusalError, uploaderOf } from '../media/storage-quota.js';
import { addWork, deleteWork, editWork, setWorkHidden } from './work-commands.js';

const write = { permission: 'works.write', reads: [POEM_PROJECTION, WORKS_PROJECTION] } as const;
const moderate = { permission: 'works.moderate', reads: [WORKS_PROJECTION] } as const;
const tags = ['works'];
const WORK_BODY_LIMIT = 256 * 1024;

const actorOf = (request: FastifyRequest): WorkActor => {
  const actor = requireActor(request);
  return { userId: actor.id, admin: actor.role === 'admin' };
};

/** Readers' works: signed-in readers add them and change their own; administrators change and hide any. */
export function worksWriteRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  /** The form's sentence numbers as the sentences' permanent ids; an unknown number is a 400 naming it. */
  async function onSentences(request: FastifyRequest, form: WorkForm) {
    const queries = await poemQueries(deps, request);
    const sentences: number[] = [];
    for (const n of form.sentences) {
      const id = await queries.idOf(n);
      if (id === null)
        throw new HttpError(400, 'validation', workMessages.unknownSentence(n), {}, [{ field: 'SentenceNumber', message: workMessages.unknownSentence(n) }]);
      sentences.push(id);
    }
    return { sentences, content: form.content };
  }

  return async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes.audio, files: 1, fields: 5 } });

    app.post(
      '/postdata/works',
      {
        config: write,
        bodyLimit: WORK_BODY_LIMIT,
        schema: { tags, summary: 'Add a work (annotation, audio, video, reference or slides) to one or more sentences', response: { 200: workSavedAnswer } },
      },
      async (request, reply) => {
        const work = await onSentences(request, parseOr400(workForm, request.body));
        const result = await addWork(deps.store, causeOf(request), actorOf(request), work);
        return withPosition(reply, result).send({ id: result.state.workId, message: workMessages.added });
      },
    );

    app.post(
      '/postdata/works/:id',
      {
        config: write,
        bodyLimit: WORK_BODY_LIMIT,
        schema: { tags, summary: 'Save a work (its author or an administrator); its type stays', params: workIdParams, response: { 200: workSavedAnswer } },
      },
      async (request, reply) => {
        const work = await onSentences(request, parseOr400(workForm, request.body));
        const result = await editWork(deps.store, causeOf(request), actorOf(request), request.params.id, work);
        return withPosition(reply, result).send({ id: request.params.id, message: workMessages.edited });
      },
    );

    app.post(
      '/postdata/works/:id/delete',
      {
        config: write,
        schema: { tags, summary: 'Delete a work (its author or an administrator)', params: workIdParams, response: { 200: workMessageAnswer } },
      },
      async (request, reply) => {
        const result = await deleteWork(deps.store, causeOf(request), actorOf(request), request.params.id);
        return withPosition(reply, result).send({ message: workMessages.deleted });
      },
    );

    for (const [action, hidden] of [
      ['hide', true],
      ['show', false],
    ] as const) {
      app.post(
        `/postdata/works/:id/${action}`,
        {
          config: moderate,
          schema: { tags, summary: `${hidden ? 'Hide' : 'Show'} a work (administrators)`, params: workIdParams, response: { 200: workMessageAnswer } },
        },
        async (request, reply) => {
          const result = await setWorkHidden(deps.store, causeOf(request), actorOf(request), request.params.id, hidden);
          return withPosition(reply, result).send({ message: hidden ? workMessages.hidden : workMessages.shown });
        },
      );
    }

    app.post(
      '/postdata/works/audio',
      {
        config: { permission: 'works.write' },
        schema: {
          tags,
          summary:
            "Upload a recording for an audio work: MP3, OGG, WAV or M4A up to 50 MB, checked by the media library and counted against the account's storage quota; answers its address for Urlto",
          response: {
            200: workAudioAnswer,
            400: apiErrorSchema,
            413: apiErrorSchema.describe("Over the account's storage quota (the message says how much is used)"),
            507: apiErrorSchema.describe("The site's storage quota is full, or the disk is nearly full"),
          },
        },
      },
      async (request, reply) => {
        const refuse = (message: string) => new HttpError(400, 'validation', message, {}, [{ field: 'file', message }]);
        if (!request.isMultipart()) throw refuse(mediaMessages.selectFile);
        const admission = await admitUpload(deps, request, 'audio', uploaderOf(deps, request, causeOf(request).actor));
        for await (const { fileName, data } of receivedFiles(request, admission.limit, { cut: admission.cutBy !== null })) {
          if (!data) throw admission.cutBy ? refusalError(request, admission.cutBy) : refuse(mediaMessages.tooLarge('audio'));
          const stored = await storeUpload({ ...deps, gate: admission.gate }, causeOf(request), 'audio', fileName, data);
          if (!stored.ok) throw refuse(stored.reason);
          return withPosition(reply, { position: stored.position, events: [] }).send({ url: stored.url, message: 'Uploaded' });
        }
        throw refuse(mediaMessages.selectFile);
      },
    );
  };
}
