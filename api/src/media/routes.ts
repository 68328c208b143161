import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { declareFileRoutes } from './file-routes.js';

const demoMedia = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content/demo/media');

/** Media files: the demo content's images and audio at /media/demo/. */
export function mediaRoutes(): FastifyPluginAsync {
  return async (app) => {
    declareFileRoutes(app, '/media/demo/', "A file of the demo content's media (images, audio)");
    await app.register(fastifyStatic, { root: demoMedia, prefix: '/media/demo/', decorateReply: false, index: false, maxAge: '1d' });
  };
}
