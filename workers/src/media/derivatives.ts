import sharp from 'sharp';
import { handleCommand, type EventStore } from '@epos/platform';
import type { JobContext } from '@epos/platform/jobs/index';
import type { MediaStorage } from '@epos/platform/storage/port';
import { makeMediaDerivatives } from '@epos/platform/media/jobs';
import { mediaNow } from '@epos/platform/media/media-state';
import { MAX_IMAGE_PIXELS, mediaStream, SYSTEM_ACTOR, THUMB_SIZE, WEB_SIZE, type Derivative } from '@epos/schemas';
import { isInLibrary, mediaDecider } from '@epos/domain/media/media-decider';
import { handle, type JobRegistration } from '../runner.js';

export interface DerivativesContext {
  store: EventStore;
  media: MediaStorage;
}

/**
 * One re-encoded size of an image: turned upright by its EXIF orientation first, fitted inside
 * `size` × `size` (never enlarged), written as WebP. sharp writes no metadata unless asked
 * (`keepExif`/`withMetadata`), so EXIF, GPS, XMP and ICC comments are gone, and so is anything
 * appended to the original.
 */
async function derivative(media: MediaStorage, original: Buffer, size: number, quality: number): Promise<Derivative> {
  const { data, info } = await sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' })
    .rotate()
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  const { key } = await media.put(data);
  return { hash: key, mime: 'image/webp', ext: 'webp', size: data.byteLength, width: info.width, height: info.height };
}

async function readAll(media: MediaStorage, hash: string): Promise<Buffer | null> {
  const stream = await media.get(hash);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The derivatives of one upload. Safe to run again (delivery is at least once): an upload that has
 * them, was removed or is no image is left alone, the store keeps one copy of the same bytes, and
 * the decider records the same derivatives once.
 */
export async function makeDerivatives(context: DerivativesContext, hash: string, job: Pick<JobContext, 'reportProgress'>): Promise<'made' | 'skipped'> {
  const state = await mediaNow(context.store, hash);
  if (!isInLibrary(state) || state.upload!.kind !== 'image' || state.derivatives) return 'skipped';
  await job.reportProgress({ percent: 5, stage: 'reading the original' });
  const original = await readAll(context.media, hash);
  if (!original) throw new Error(`media ${hash}: the stored object is missing`);
  await job.reportProgress({ percent: 20, stage: 'making the web size' });
  const web = await derivative(context.media, original, WEB_SIZE, 82);
  await job.reportProgress({ percent: 60, stage: 'making the thumbnail' });
  const thumb = await derivative(context.media, original, THUMB_SIZE, 75);
  await job.reportProgress({ percent: 90, stage: 'recording' });
  await handleCommand(context.store, {
    streamId: mediaStream(hash),
    decider: mediaDecider,
    command: { kind: 'recordDerivatives', thumb, web },
    cause: { actor: SYSTEM_ACTOR },
  });
  await job.reportProgress({ percent: 100, stage: 'done' });
  return 'made';
}

export function makeDerivativesHandler(context: DerivativesContext): JobRegistration {
  return handle(makeMediaDerivatives, async ({ hash }, job) => {
    await makeDerivatives(context, hash, job);
  });
}
