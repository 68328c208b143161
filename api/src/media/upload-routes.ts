import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  imageUploadAnswer,
  MAX_FILES_PER_UPLOAD,
  maxBytes,
  mediaMessages,
  storageUsageAnswer,
  type UploadedImageAnswer,
  type UploadKind,
} from '@epos/schemas';
import type { ApiDeps } from '../deps.js';
import { causeOf } from '../commands.js';
import { POSITION_HEADER } from '../http/consistency.js';
import { declareFileRoutes } from './file-routes.js';
import { receivedFiles } from './receive-files.js';
import { storeUpload } from './store-upload.js';
import { apiMediaRoute } from './api-media-route.js';
import { admitUpload, refusalError, uploaderOf, usageOf } from './storage-quota.js';
import { requireActor } from '../accounts/security.js';
import { STORAGE_PROJECTION } from '@epos/projections/media/storage-projection';

const selectFile = (request: FastifyRequest, reply: FastifyReply) =>
  reply.code(400).send({ statusCode: 400, error: 'validation', message: mediaMessages.selectFile, requestId: String(request.id) });

/**
 * Uploads into the media library: images for posts and the console (`POST /postdata/media`), audio
 * (`POST /postdata/mediaAudio`, admins) and the API-key call that attaches to sentences
 * (`POST /api/Media`). Each file is checked (inspect-upload.ts), stored by its hash through the
 * storage port and recorded as `MediaUploaded`; thumbnails are made afterwards by a job. Files
 * uploaded before the media library (`/media/uploads/…`, linked by old posts) are still served.
 */
export function mediaUploadRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const legacyFolder = path.join(deps.config.dataDir, 'media', 'uploads');
  return async (app) => {
    await mkdir(legacyFolder, { recursive: true });
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes.audio, files: MAX_FILES_PER_UPLOAD, fields: 10 } });
    declareFileRoutes(app, '/media/uploads/', 'An image uploaded before the media library, named by its content hash (cached for a year)');
    await app.register(fastifyStatic, { root: legacyFolder, prefix: '/media/uploads/', decorateReply: false, index: false, maxAge: '365d', immutable: true });

    const upload = (kind: UploadKind) => async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.isMultipart()) return selectFile(request, reply);
      const admission = await admitUpload(deps, request, kind, uploaderOf(deps, request, causeOf(request).actor));
      const results: UploadedImageAnswer[] = [];
      let last: bigint | null = null;
      for await (const { fileName, data } of receivedFiles(request, admission.limit, { cut: admission.cutBy !== null })) {
        if (!data) {
          // Past the room left, the request is cut here: the rest of its body is not read.
          if (admission.cutBy) throw refusalError(request, admission.cutBy);
          results.push({ status: 0, fileName, fileUrl: '', message: mediaMessages.tooLarge(kind) });
          continue;
        }
        const stored = await storeUpload({ ...deps, gate: admission.gate }, causeOf(request), kind, fileName, data);
        if (!stored.ok) results.push({ status: 0, fileName, fileUrl: '', message: stored.reason });
        else {
          results.push({ status: 1, fileName, fileUrl: stored.url });
          last = stored.position ?? last;
        }
      }
      if (results.length === 0) return selectFile(request, reply);
      if (last !== null) reply.header(POSITION_HEADER, last.toString());
      return results;
    };
    const answers = (what: string) => ({
      200: imageUploadAnswer,
      400: apiErrorSchema.describe(`No file was sent ('Select File'), or ${what}`),
      413: apiErrorSchema.describe("Over the account's storage quota (the message says how much is used); files of the request stored before it stay"),
      507: apiErrorSchema.describe("The site's storage quota is full, or the disk is nearly full"),
    });

    app.post(
      '/postdata/media',
      {
        config: { permission: 'media.upload' },
        schema: {
          tags: ['media'],
          summary: 'Upload images: PNG, JPEG, GIF or WebP up to 10 MB and 40 megapixels each (the type is read from the bytes)',
          response: answers('the form is not well-formed'),
        },
      },
      upload('image'),
    );
    app.post(
      '/postdata/mediaAudio',
      {
        config: { permission: 'media.manage' },
        schema: {
          tags: ['media'],
          summary: 'Upload audio: MP3, OGG, WAV or M4A up to 50 MB each (the type is read from the bytes)',
          response: answers('the form is not well-formed'),
        },
      },
      upload('audio'),
    );
    app.get(
      '/api/media/usage',
      {
        config: { reads: [STORAGE_PROJECTION] },
        schema: {
          tags: ['media'],
          summary: 'What the signed-in account\'s uploads take of its storage quota ("x of y used"), and the largest file it may upload now',
          response: { 200: storageUsageAnswer, 401: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        reply.header('cache-control', 'private, no-store');
        return usageOf(deps, request, uploaderOf(deps, request, actor.id));
      },
    );
    apiMediaRoute(app, deps);
  };
}
