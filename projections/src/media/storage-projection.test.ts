import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { NewEvent, Projection } from '@epos/platform';
import { mediaStream, pdfStream, sentenceStream, workStream } from '@epos/schemas';
import { storageProjection, type StorageReadModel } from './storage-projection.js';
import { accountUsage, editionsAskedBefore, objectInUse, siteUsage, uploadsUnusedSince } from './storage-queries.js';
import { useProjectionUnderTest } from '../testkit/projection-under-test.js';

const projection = useProjectionUnderTest<StorageReadModel>(storageProjection as Projection);
const append = (stream: string, events: NewEvent[]) => projection.append(stream, events);

const hashes = { a: 'a'.repeat(64), b: 'b'.repeat(64), c: 'c'.repeat(64), d: 'd'.repeat(64) };
const uploaded = (hash: string, uploader: string, size: number) => ({
  type: 'MediaUploaded',
  data: { hash, kind: 'audio', mime: 'audio/wav', ext: 'wav', size, width: null, height: null, durationSeconds: 1, originalName: 'x.wav', uploader },
});
const workId = '3f1c6a0e-1111-4a2b-9c3d-000000000001';
const userId = '3f1c6a0e-1111-4a2b-9c3d-000000000009';
const audioWork = (hash: string | null) => ({
  workId,
  userId,
  sentences: [8],
  content: { type: 'audio', description: '', url: hash ? `/media/files/${hash}.wav` : 'https://example.org/a.mp3' },
});
const unused = async (db: Kysely<StorageReadModel>) =>
  (await uploadsUnusedSince(db, new Date(Date.now() + 60_000), 100)).map((u) => [u.hash, u.reason, u.lastUsedBy]);

describe('the storage read model', () => {
  it("counts each account's uploads and the whole library from the events, derivatives and PDFs included", async () => {
    await append(mediaStream(hashes.a), [uploaded(hashes.a, 'u1', 1000)]);
    await append(mediaStream(hashes.b), [
      uploaded(hashes.b, 'u1', 500),
      {
        type: 'MediaDerivativesMade',
        data: {
          hash: hashes.b,
          thumb: { hash: hashes.c, mime: 'image/webp', ext: 'webp', size: 30, width: 1, height: 1 },
          web: { hash: hashes.d, mime: 'image/webp', ext: 'webp', size: 70, width: 1, height: 1 },
        },
      },
    ]);
    let db = await append(pdfStream('e'.repeat(32)), [
      {
        type: 'PdfRequested',
        data: {
          requestId: 'e'.repeat(32),
          part: { typeOf: 1, book: 1 },
          options: { translations: [], commentary: [], motherNote: false, aurobindoNote: false, reason: false, paintings: false, scansion: false },
          version: 'v1',
          mailTo: null,
        },
      },
      { type: 'PdfRendered', data: { requestId: 'e'.repeat(32), hash: 'f'.repeat(64), size: 4000, pages: 2, url: `/media/files/${'f'.repeat(64)}.pdf` } },
    ]);
    expect([await accountUsage(db, 'u1'), await accountUsage(db, 'u2'), await siteUsage(db)]).toEqual([1500, 0, 1000 + 500 + 100 + 4000]);
    expect(await objectInUse(db, hashes.d)).toBe(true);
    expect(await objectInUse(db, 'f'.repeat(64))).toBe(true);
    expect((await editionsAskedBefore(db, new Date(Date.now() + 60_000), 10)).map((e) => [e.version, e.size])).toEqual([['v1', 4000]]);

    await append(pdfStream('e'.repeat(32)), [
      {
        type: 'PdfExpired',
        data: {
          requestId: 'e'.repeat(32),
          hash: 'f'.repeat(64),
          size: 4000,
          reason: 'superseded',
          lastAskedAt: new Date().toISOString(),
          currentVersion: 'v2',
        },
      },
    ]);
    db = await append(mediaStream(hashes.b), [
      {
        type: 'UploadSwept',
        data: {
          hash: hashes.b,
          reason: 'never-used',
          unusedSince: new Date().toISOString(),
          lastUsedBy: null,
          size: 500,
          uploader: 'u1',
          originalName: 'x.wav',
        },
      },
    ]);
    expect([await accountUsage(db, 'u1'), await siteUsage(db)]).toEqual([1000, 1000]);
    expect([await objectInUse(db, hashes.d), await objectInUse(db, 'f'.repeat(64))]).toEqual([false, false]);
  });

  it("follows what uses an upload: a work exactly (edited away, deleted), a sentence's media by kind, any other text for good", async () => {
    let db = await append(mediaStream(hashes.c), [uploaded(hashes.c, 'u3', 10)]);
    expect(await unused(db)).toEqual(expect.arrayContaining([[hashes.c, 'never-used', null]]));
    db = await append(workStream(workId), [{ type: 'WorkAdded', data: audioWork(hashes.c) }]);
    expect(await unused(db)).not.toContainEqual(expect.arrayContaining([hashes.c]));
    db = await append(workStream(workId), [{ type: 'WorkEdited', data: { workId, sentences: [8], content: audioWork(null).content } }]);
    expect(await unused(db)).toContainEqual([hashes.c, 'no-longer-used', workStream(workId)]);

    // Attached to a sentence as a painting and as a sketch: taking it off one kind leaves the other.
    const item = { url: `/media/files/${hashes.c}.png`, media: hashes.c };
    await append(sentenceStream(7), [{ type: 'SentenceMediaSet', data: { sentence: 7, kind: 'painting', items: [item] } }]);
    await append(sentenceStream(7), [{ type: 'SentenceMediaSet', data: { sentence: 7, kind: 'sketch', items: [item] } }]);
    db = await append(sentenceStream(7), [{ type: 'SentenceMediaSet', data: { sentence: 7, kind: 'painting', items: [] } }]);
    expect(await unused(db)).not.toContainEqual(expect.arrayContaining([hashes.c]));
    db = await append(sentenceStream(7), [{ type: 'SentenceMediaSet', data: { sentence: 7, kind: 'sketch', items: [] } }]);
    expect(await unused(db)).toContainEqual([hashes.c, 'no-longer-used', `${sentenceStream(7)}#sketch`]);

    // A post that once named its URL keeps it, whatever the post does next.
    const postId = '3f1c6a0e-1111-4a2b-9c3d-000000000002';
    await append(mediaStream(hashes.d), [uploaded(hashes.d, 'u3', 10)]);
    const content = { title: 'Dusk', subtitle: '', seriesTitle: 'Dusk', excerpt: '', markdown: `![lamp](/media/files/${hashes.d}.png)` };
    await append(`post-${postId}`, [{ type: 'PostCreated', data: { postId, blogId: 'margins', url: 'dusk', authorId: userId, content } }]);
    db = await append(`post-${postId}`, [
      { type: 'PostRevised', data: { postId, content: { ...content, markdown: 'No picture now.' } } },
      { type: 'PostDeleted', data: { postId } },
    ]);
    expect(await unused(db)).not.toContainEqual(expect.arrayContaining([hashes.d]));

    db = await append(workStream(workId), [{ type: 'WorkEdited', data: { workId, sentences: [8], content: audioWork(hashes.c).content } }]);
    expect(await unused(db)).not.toContainEqual(expect.arrayContaining([hashes.c]));
    db = await append(workStream(workId), [{ type: 'WorkDeleted', data: { workId } }]);
    expect(await unused(db)).toContainEqual([hashes.c, 'no-longer-used', workStream(workId)]);
  });
});
