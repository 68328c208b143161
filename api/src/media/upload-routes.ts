import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, imageUploadAnswer, type UploadedImageAnswer } from '@epos/schemas';
import { fileTypeFromBuffer } from 'file-type';
import type { ApiDeps } from '../deps.js';
import { HttpError } from '../plugins/error-handler.js';
import { declareFileRoutes } from './file-routes.js';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_FILES = 10;
/** Images a post may show, known by their first bytes, never by their name or declared type. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Image uploads for posts (`POST /postdata/media`), stored by content hash and served at /media/uploads/. */
export function mediaUploadRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const folder = path.join(deps.config.dataDir, 'media', 'uploads');
  return async (app) => {
    await mkdir(folder, { recursive: true });
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES, fields: 10 } });
    declareFileRoutes(app, '/media/uploads/', 'An uploaded image, named by its content hash (cached for a year)');
    await app.register(fastifyStatic, { root: folder, prefix: '/media/uploads/', decorateReply: false, index: false, maxAge: '365d', immutable: true });

    const schema = {
      tags: ['media'],
      summary: 'Upload images for a post: PNG, JPEG, GIF or WebP up to 5 MB each',
      response: { 200: imageUploadAnswer, 400: apiErrorSchema.describe('No file was sent') },
    };
    app.post('/postdata/media', { config: { permission: 'media.upload' }, schema }, async (request, reply) => {
      if (!request.isMultipart()) return reply.code(400).send({ statusCode: 400, error: 'validation', message: 'Select File', requestId: request.id });
      const results: UploadedImageAnswer[] = [];
      for await (const { fileName, data } of receivedFiles(request)) {
        if (!data) {
          results.push({ status: 0, fileName, fileUrl: '', message: 'The file is larger than 5 MB' });
          continue;
        }
        const type = await fileTypeFromBuffer(data);
        if (!type || !IMAGE_TYPES.has(type.mime)) {
          results.push({ status: 0, fileName, fileUrl: '', message: 'Only PNG, JPEG, GIF and WebP images can be uploaded' });
          continue;
        }
        const stored = `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${type.ext}`;
        await writeFile(path.join(folder, stored), data);
        results.push({ status: 1, fileName, fileUrl: `/media/uploads/${stored}` });
      }
      if (results.length === 0) return reply.code(400).send({ statusCode: 400, error: 'validation', message: 'Select File', requestId: request.id });
      return results;
    });
  };
}

/**
 * The uploaded files one at a time (data null when over the size limit). A body cut short or
 * without its boundary is the client's fault: 400, not the parser's error.
 */
async function* receivedFiles(request: FastifyRequest): AsyncGenerator<{ fileName: string; data: Buffer | null }> {
  try {
    for await (const part of request.files()) {
      const data = await part.toBuffer().catch((error: unknown) => {
        if (part.file.truncated) return null;
        throw error;
      });
      yield { fileName: path.basename(part.filename || 'file'), data: part.file.truncated ? null : data };
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status < 500) throw error;
    throw new HttpError(400, 'validation', 'The upload was cut short or is not a well-formed multipart form; please send it again.');
  }
}
