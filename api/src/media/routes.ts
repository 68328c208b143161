import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, mediaFileAnswer } from '@epos/schemas';
import type { ApiDeps } from '../deps.js';
import { declareFileRoutes } from './file-routes.js';
import { serveMediaFile, serveMediaThumb } from './serve-files.js';

const demoMedia = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content/demo/media');

/** Media files: the library's (/media/files/<hash>.<ext>, from the storage port) and the demo content's (/media/demo/). */
export function mediaRoutes(deps: ApiDeps): FastifyPluginAsync {
  return async (app) => {
    declareFileRoutes(app, '/media/demo/', "A file of the demo content's media (images, audio)");
    await app.register(fastifyStatic, { root: demoMedia, prefix: '/media/demo/', decorateReply: false, index: false, maxAge: '1d' });

    app.withTypeProvider<ZodTypeProvider>().get(
      '/media/files/:name',
      {
        schema: {
          tags: ['media'],
          summary:
            'A file of the media library by its SHA-256 and extension: ranges (206, 416), ETag = the hash, cached for a year; an uploaded image redirects to its web size once made',
          params: z.object({ name: z.string().max(80) }),
          response: {
            200: mediaFileAnswer,
            206: mediaFileAnswer,
            302: z.null().describe('An image original: its web size (no metadata) is at Location'),
            304: z.null(),
            404: apiErrorSchema.describe('No such file, or not under this extension'),
            416: z.null().describe('The range is outside the file'),
          },
        },
      },
      async (request, reply) => {
        await serveMediaFile(deps, request.params.name, { range: request.headers.range, ifNoneMatch: request.headers['if-none-match'] }, reply);
      },
    );

    app.withTypeProvider<ZodTypeProvider>().get(
      '/media/thumbs/:name',
      {
        schema: {
          tags: ['media'],
          summary: "An uploaded image's thumbnail: redirects to it once made, to the image until then",
          params: z.object({ name: z.string().max(80) }),
          response: {
            302: z.null().describe('The thumbnail (or, until it is made, the image) is at Location'),
            404: apiErrorSchema.describe('No such image, or not under this extension'),
          },
        },
      },
      async (request, reply) => {
        await serveMediaThumb(deps.store, request.params.name, reply);
      },
    );
  };
}
