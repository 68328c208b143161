import type { FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { EventStore } from '@epos/platform';
import type { MediaStorage } from '@epos/platform/storage/port';
import { mediaFileUrl } from '@epos/schemas';
import { isInLibrary } from '@epos/domain/media/media-decider';
import { mediaNow } from '@epos/platform/media/media-state';
import { HttpError } from '../http/error-handler.js';
import { byteRangeOf } from './byte-range.js';

/** The types /media/files serves, by the extension its URLs end with. */
const SERVED_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
};
const EXT_OF_SNIFFED: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/x-m4a': 'm4a',
  'audio/mp4': 'm4a',
  'application/pdf': 'pdf',
};

const YEAR = 'public, max-age=31536000, immutable';
const notFound = () => new HttpError(404, 'not_found', 'No such file');

/** The type the object's first bytes say it is, as an extension (derivatives and PDFs have no upload of their own). */
async function sniffedExt(media: MediaStorage, hash: string, size: number): Promise<string | null> {
  if (size === 0) return null;
  const head = await media.get(hash, { start: 0, end: Math.min(size, 4100) - 1 });
  if (!head) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of head) chunks.push(chunk as Buffer);
  const type = await fileTypeFromBuffer(Buffer.concat(chunks));
  return type ? (EXT_OF_SNIFFED[type.mime] ?? null) : null;
}

/**
 * `GET /media/files/<hash>.<ext>`: a stored object, with the type its upload recorded (or its bytes
 * say, for thumbnails, web sizes and PDFs, which are no uploads) and only under that extension.
 * An uploaded image's original is not what readers get: once its web size exists the URL redirects
 * there (re-encoded, no EXIF or GPS, nothing appended); before, it is served uncached.
 */
export async function serveMediaFile(
  context: { store: EventStore; media: MediaStorage },
  name: string,
  headers: { range?: string; ifNoneMatch?: string },
  reply: FastifyReply,
): Promise<FastifyReply> {
  const match = /^([0-9a-f]{64})\.([a-z0-9]{1,8})$/.exec(name);
  const ext = match?.[2];
  if (!match || !ext || !SERVED_TYPES[ext]) throw notFound();
  const hash = match[1]!;
  const state = await mediaNow(context.store, hash);
  let cacheControl = YEAR;
  let mime = SERVED_TYPES[ext]!;
  if (state.upload !== null) {
    if (!isInLibrary(state) || state.upload.ext !== ext) throw notFound();
    if (state.derivatives) {
      const { web } = state.derivatives;
      return reply.code(302).header('cache-control', 'public, max-age=86400').header('location', mediaFileUrl(web.hash, web.ext)).send();
    }
    mime = state.upload.mime;
    if (state.upload.kind === 'image') cacheControl = 'no-store';
  }
  const stat = await context.media.stat(hash);
  if (!stat) throw notFound();
  if (state.upload === null && (await sniffedExt(context.media, hash, stat.size)) !== ext) throw notFound();

  const etag = `"${hash}"`;
  reply.header('etag', etag).header('accept-ranges', 'bytes').header('cache-control', cacheControl).header('x-content-type-options', 'nosniff').type(mime);
  // No file name here: a link's `download` attribute names the file (the PDF dialog gives the poem's title and the part).
  if (!mime.startsWith('image/') && !mime.startsWith('audio/')) reply.header('content-disposition', 'attachment');
  if (headers.ifNoneMatch !== undefined && headers.ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  const range = byteRangeOf(headers.range, stat.size);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${stat.size}`).send();
  const body = await context.media.get(hash, range ?? undefined);
  if (!body) throw notFound();
  if (range)
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(body);
  return reply.header('content-length', stat.size).send(body);
}

/**
 * `GET /media/thumbs/<hash>.<ext>`: an uploaded image's thumbnail once made (a redirect cached for a
 * day), the image itself until then (a redirect never cached).
 */
export async function serveMediaThumb(store: EventStore, name: string, reply: FastifyReply): Promise<FastifyReply> {
  const match = /^([0-9a-f]{64})\.([a-z0-9]{1,8})$/.exec(name);
  if (!match) throw notFound();
  const state = await mediaNow(store, match[1]!);
  if (!isInLibrary(state) || state.upload!.kind !== 'image' || state.upload!.ext !== match[2]) throw notFound();
  const thumb = state.derivatives?.thumb;
  if (thumb) return reply.code(302).header('cache-control', 'public, max-age=86400').header('location', mediaFileUrl(thumb.hash, thumb.ext)).send();
  return reply.code(302).header('cache-control', 'no-store').header('location', mediaFileUrl(state.upload!.hash, state.upload!.ext)).send();
}
