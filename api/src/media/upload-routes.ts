import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, imageUploadAnswer, MAX_FILES_PER_UPLOAD, maxBytes, mediaMessages, type UploadedImageAnswer, type UploadKind } from '@epos/schemas';
import type { ApiDeps } from '../deps.js';
import { causeOf } from '../commands.js';
import { POSITION_HEADER } from '../plugins/consistency.js';
import { declareFileRoutes } from './file-routes.js';
import { receivedFiles } from './receive-files.js';
import { storeUpload } from './store-upload.js';
import { apiMediaRoute } from './api-media-route.js';

const selectFile = (request: FastifyRequest, reply: FastifyReply) => reply.code(400).send({ statusCode: 400, error: 'validation', message: mediaMessages.selectFile, requestId: String(request.id) });

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
      const results: UploadedImageAnswer[] = [];
      let last: bigint | null = null;
      for await (const { fileName, data } of receivedFiles(request, maxBytes[kind])) {
        if (!data) {
          results.push({ status: 0, fileName, fileUrl: '', message: mediaMessages.tooLarge(kind) });
          continue;
        }
        const stored = await storeUpload(deps, causeOf(request), kind, fileName, data);
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
    const answers = (what: string) => ({ 200: imageUploadAnswer, 400: apiErrorSchema.describe(`No file was sent ('Select File'), or ${what}`) });

    app.post(
      '/postdata/media',
      { config: { permission: 'media.upload' }, schema: { tags: ['media'], summary: 'Upload images: PNG, JPEG, GIF or WebP up to 10 MB and 40 megapixels each (the type is read from the bytes)', response: answers('the form is not well-formed') } },
      upload('image'),
    );
    app.post(
      '/postdata/mediaAudio',
      { config: { permission: 'media.manage' }, schema: { tags: ['media'], summary: 'Upload audio: MP3, OGG, WAV or M4A up to 50 MB each (the type is read from the bytes)', response: answers('the form is not well-formed') } },
      upload('audio'),
    );
    apiMediaRoute(app, deps);
  };
}
