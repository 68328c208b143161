import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand, PostgresEventStore, type RecordedEvent } from '@epos/platform';
import { createJobQueue, type JobProgress, type JobQueue } from '@epos/platform/jobs/index';
import { makeMediaDerivatives } from '@epos/platform/media/jobs';
import { LocalFolderStorage } from '@epos/platform/storage/index';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { EventRegistry, eventCatalog, mediaStream, type MediaEvent, type UploadKind } from '@epos/schemas';
import { mediaDecider } from '@epos/domain/media/media-decider';
import type { ReactorContext } from '../reactor-context.js';
import { makeDerivatives, makeDerivativesHandler } from './derivatives.js';
import { mediaReactor } from './reactor.js';

const testDb = useTestDatabase();
let store: PostgresEventStore;
let media: LocalFolderStorage;
let jobs: JobQueue;

beforeAll(async () => {
  store = new PostgresEventStore(testDb().database, new EventRegistry(eventCatalog), { pollIntervalMs: 20 });
  media = new LocalFolderStorage(await mkdtemp(path.join(os.tmpdir(), 'epos-derivatives-')));
  const prefix = `t${randomBytes(4).toString('hex')}`;
  jobs = createJobQueue({ databaseUrl: testDb().url, ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}), prefix });
});
afterAll(async () => {
  await jobs?.close();
  await store?.close();
});

/** A JPEG with EXIF naming the camera and a GPS position (IFD3 is the GPS directory). */
const jpegWithGps = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Epos test', Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 797/100' },
    })
    .toBuffer();
/** The GPS directory's pointer tag (0x8825), in either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

async function uploaded(bytes: Buffer, kind: UploadKind = 'image'): Promise<{ hash: string; event: RecordedEvent }> {
  const { key } = await media.put(bytes);
  const meta = kind === 'image' ? await sharp(bytes).metadata() : null;
  const facts = {
    hash: key,
    kind,
    mime: kind === 'image' ? `image/${meta!.format}` : 'audio/wav',
    ext: kind === 'image' ? 'jpg' : 'wav',
    size: bytes.byteLength,
    width: meta?.width ?? null,
    height: meta?.height ?? null,
    durationSeconds: null,
    originalName: 'x',
    uploader: 'test',
  };
  await handleCommand(store, { streamId: mediaStream(key), decider: mediaDecider, command: { kind: 'upload', facts }, cause: { actor: 'test' } });
  const [event] = await store.readStream(mediaStream(key));
  return { hash: key, event: event! };
}

const derivativesOf = async (hash: string) =>
  (await store.readStream(mediaStream(hash)))
    .filter((e) => e.type === 'MediaDerivativesMade')
    .map((e) => e.data as Extract<MediaEvent, { type: 'MediaDerivativesMade' }>['data']);

async function bytesOf(hash: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await media.get(hash))!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('media.derivatives', () => {
  it('makes a web size and a thumbnail in WebP with no EXIF, GPS, XMP or ICC left, reports progress, and records them once', async () => {
    const original = await jpegWithGps(2400, 1200);
    const before = await sharp(original).metadata();
    expect(before.exif && hasGpsPointer(before.exif)).toBe(true);
    expect(original.includes('TestCam')).toBe(true);
    const { hash } = await uploaded(original);

    const progress: JobProgress[] = [];
    expect(await makeDerivatives({ store, media }, hash, { reportProgress: async (p) => void progress.push(p) })).toBe('made');
    expect(progress.map((p) => p.percent)).toEqual([5, 20, 60, 90, 100]);
    const [made] = await derivativesOf(hash);
    expect(made).toMatchObject({
      hash,
      web: { mime: 'image/webp', ext: 'webp', width: 1600, height: 800 },
      thumb: { mime: 'image/webp', width: 320, height: 160 },
    });
    for (const derivative of [made!.web, made!.thumb]) {
      const bytes = await bytesOf(derivative.hash);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.exif, meta.xmp, meta.icc, meta.iptc]).toEqual(['webp', undefined, undefined, undefined, undefined]);
      expect(bytes.includes('TestCam')).toBe(false);
      expect(bytes.byteLength).toBe(derivative.size);
    }

    // At-least-once delivery: a second run changes nothing.
    expect(await makeDerivatives({ store, media }, hash, { reportProgress: async () => undefined })).toBe('skipped');
    expect(await derivativesOf(hash)).toHaveLength(1);
  });

  it('never enlarges a small image', async () => {
    const { hash } = await uploaded(await jpegWithGps(200, 100));
    await makeDerivatives({ store, media }, hash, { reportProgress: async () => undefined });
    const [made] = await derivativesOf(hash);
    expect([made!.web.width, made!.web.height, made!.thumb.width]).toEqual([200, 100, 200]);
  });

  it('runs on BullMQ once per upload, whoever delivers the event how often, and leaves audio alone', async () => {
    const handler = makeDerivativesHandler({ store, media });
    const worker = await jobs.process(handler.job, (payload, context) => handler.handler(payload, context));
    try {
      const context = { jobs, logger: { info: () => undefined } } as unknown as ReactorContext;
      const { hash, event } = await uploaded(await jpegWithGps(900, 600));
      // The reactor may see the event again after a crash: the job id makes it one run.
      await mediaReactor.on.MediaUploaded!.react(event, context);
      await mediaReactor.on.MediaUploaded!.react(event, context);
      const jobId = `derivatives-${hash}-${event.position}`;
      for (let i = 0; i < 600 && (await jobs.inspect(makeMediaDerivatives, jobId))?.state !== 'completed'; i++) await sleep(50);
      const info = await jobs.inspect(makeMediaDerivatives, jobId);
      expect(info).toMatchObject({ state: 'completed', progress: { percent: 100, stage: 'done' } });
      expect(await derivativesOf(hash)).toHaveLength(1);
      expect((await jobs.counts(makeMediaDerivatives)).completed).toBe(1);

      const audio = await uploaded(Buffer.from('RIFF....WAVEfmt '), 'audio');
      await mediaReactor.on.MediaUploaded!.react(audio.event, context);
      expect(await jobs.inspect(makeMediaDerivatives, `derivatives-${audio.hash}-${audio.event.position}`)).toBeNull();
    } finally {
      await worker.close();
    }
  });
});
