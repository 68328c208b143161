import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { NewEvent, Projection } from '@epos/platform';
import { mediaStream, POEM_STREAM, sentenceStream } from '@epos/schemas';
import { mediaProjection, type MediaReadModel } from './media-projection.js';
import { useProjectionUnderTest } from '../testkit/projection-under-test.js';

const projection = useProjectionUnderTest<MediaReadModel>(mediaProjection as Projection);
const append = (stream: string, events: NewEvent[]) => projection.append(stream, events);

const a = 'a'.repeat(64);
const b = 'b'.repeat(64);
const uploaded = (hash: string, name: string) => ({
  type: 'MediaUploaded',
  data: { hash, kind: 'image', mime: 'image/png', ext: 'png', size: 99, width: 4, height: 3, durationSeconds: null, originalName: name, uploader: 'u1' },
});
const derivative = (c: string) => ({ hash: c.repeat(64), mime: 'image/webp', ext: 'webp', size: 9, width: 4, height: 3 });
const uses = (db: Kysely<MediaReadModel>, hash: string) =>
  db
    .selectFrom('media_uses')
    .select(['place', 'sentence_id', 'book', 'canto', 'kind', 'position'])
    .where('hash', '=', hash)
    .orderBy('place')
    .orderBy('sentence_id')
    .orderBy('kind')
    .orderBy('position')
    .execute();

describe('the media read model', () => {
  it('keeps one row per upload with its facts and derivatives, and drops it when removed', async () => {
    await append(mediaStream(a), [uploaded(a, 'lamp.png')]);
    let db = await append(mediaStream(b), [uploaded(b, 'dawn.png')]);
    expect(
      await db
        .selectFrom('media')
        .select(['hash', 'kind', 'mime', 'ext', 'size', 'width', 'height', 'original_name', 'uploader', 'thumb_hash'])
        .orderBy('hash')
        .execute(),
    ).toEqual([
      { hash: a, kind: 'image', mime: 'image/png', ext: 'png', size: '99', width: 4, height: 3, original_name: 'lamp.png', uploader: 'u1', thumb_hash: null },
      { hash: b, kind: 'image', mime: 'image/png', ext: 'png', size: '99', width: 4, height: 3, original_name: 'dawn.png', uploader: 'u1', thumb_hash: null },
    ]);
    db = await append(mediaStream(a), [{ type: 'MediaDerivativesMade', data: { hash: a, thumb: derivative('c'), web: derivative('d') } }]);
    expect(await db.selectFrom('media').select(['thumb_hash', 'thumb_ext', 'web_hash', 'web_ext']).where('hash', '=', a).executeTakeFirst()).toEqual({
      thumb_hash: 'c'.repeat(64),
      thumb_ext: 'webp',
      web_hash: 'd'.repeat(64),
      web_ext: 'webp',
    });
    db = await append(mediaStream(b), [{ type: 'MediaRemoved', data: { hash: b } }]);
    expect((await db.selectFrom('media').select('hash').execute()).map((r) => r.hash)).toEqual([a]);
  });

  it('knows where each upload is shown, by its hash or its URL, as each attachment event replaces a list', async () => {
    const item = (hash: string, by: 'media' | 'url') =>
      by === 'media' ? { url: `/media/demo/x.png`, media: hash } : { url: `/media/files/${hash}.png`, thumbUrl: '/media/files/thumb.webp' };
    await append(sentenceStream(7), [
      { type: 'SentenceMediaSet', data: { sentence: 7, kind: 'painting', items: [{ url: '/media/demo/old.jpg' }, item(a, 'media'), item(b, 'url')] } },
      { type: 'SentenceMediaSet', data: { sentence: 7, kind: 'sketch', items: [item(a, 'url')] } },
    ]);
    await append(POEM_STREAM, [{ type: 'PoemPartMediaSet', data: { book: 1, canto: null, pdf: null, images: [item(a, 'media')] } }]);
    let db = await append(POEM_STREAM, [{ type: 'PoemPartMediaSet', data: { book: 1, canto: 2, pdf: null, images: [item(b, 'media'), item(a, 'url')] } }]);
    expect(await uses(db, a)).toEqual([
      { place: 'book', sentence_id: null, book: 1, canto: null, kind: null, position: 0 },
      { place: 'canto', sentence_id: null, book: 1, canto: 2, kind: null, position: 1 },
      { place: 'sentence', sentence_id: 7, book: null, canto: null, kind: 'painting', position: 1 },
      { place: 'sentence', sentence_id: 7, book: null, canto: null, kind: 'sketch', position: 0 },
    ]);

    // Detached from the sentence's paintings and reordered; the book's images emptied; the canto's left alone.
    await append(sentenceStream(7), [{ type: 'SentenceMediaSet', data: { sentence: 7, kind: 'painting', items: [item(b, 'url')] } }]);
    db = await append(POEM_STREAM, [{ type: 'PoemPartMediaSet', data: { book: 1, canto: null, pdf: null, images: [] } }]);
    expect(await uses(db, a)).toEqual([
      { place: 'canto', sentence_id: null, book: 1, canto: 2, kind: null, position: 1 },
      { place: 'sentence', sentence_id: 7, book: null, canto: null, kind: 'sketch', position: 0 },
    ]);
    expect(await uses(db, b)).toEqual([
      { place: 'canto', sentence_id: null, book: 1, canto: 2, kind: null, position: 0 },
      { place: 'sentence', sentence_id: 7, book: null, canto: null, kind: 'painting', position: 0 },
    ]);
  });
});
