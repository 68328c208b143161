import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMediaStorage } from '@epos/platform/storage/index';
import { sentenceStream } from '@epos/schemas';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { MEDIA_PROJECTION, type MediaReadModel } from '@epos/projections/media/media-projection';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { caughtUp } from '../testkit/people.js';
import { demoPoemWithMediaSeeder, withUploads } from './demo-seed.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'epos-media-seed-')) } });
}, 300_000);
afterAll(async () => api?.close());

it('rewrites only the media items that show a demo file (not a PDF entry), keeping their titles', () => {
  const uploads = new Map([['/media/demo/a.jpg', { url: '/media/files/h.jpg', thumbUrl: '/media/thumbs/h.jpg', media: 'h'.repeat(64) }]]);
  const file = JSON.stringify({
    books: [
      {
        pdf: { url: '/media/demo/a.jpg', date: '2020-01-01' },
        images: [{ url: '/media/demo/a.jpg', thumbUrl: '/media/demo/a-thumb.jpg', title: 'A' }, { url: 'https://example.org/b.jpg' }],
      },
    ],
  });
  expect(JSON.parse(withUploads(file, uploads))).toEqual({
    books: [
      {
        pdf: { url: '/media/demo/a.jpg', date: '2020-01-01' },
        images: [{ url: '/media/files/h.jpg', thumbUrl: '/media/thumbs/h.jpg', media: 'h'.repeat(64), title: 'A' }, { url: 'https://example.org/b.jpg' }],
      },
    ],
  });
});

it('puts the demo media through the library: uploads first, then the poem imported with its media showing them, one event each', async () => {
  const context = { config: api.deps.config, store: api.deps.store, database: api.deps.database, logger: api.deps.logger };
  await demoPoemWithMediaSeeder.seed(context);
  await caughtUp(api);
  const media = await api.deps.progress.readModel<MediaReadModel>(MEDIA_PROJECTION);
  const rows = await media.selectFrom('media').select(['hash', 'original_name', 'kind']).orderBy('original_name').execute();
  expect(rows.map((r) => [r.original_name, r.kind])).toEqual([
    ['dawn-sketch.jpg', 'image'],
    ['invocation.mp3', 'audio'],
    ['lamp-painting.jpg', 'image'],
  ]);
  const storage = createMediaStorage(api.deps.config);
  for (const row of rows) expect(await storage.stat(row.hash)).not.toBeNull();
  const uses = await media.selectFrom('media_uses').select(['hash', 'place', 'sentence_id']).execute();
  for (const row of rows) expect(uses.filter((u) => u.hash === row.hash).length, row.original_name).toBeGreaterThan(0);
  expect(new Set(uses.map((u) => u.place))).toEqual(new Set(['sentence', 'book', 'canto']));

  const poem = await api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION);
  const states = await poem.selectFrom('sentences').select('state').execute();
  const structure = await poem.selectFrom('structure').select('state').execute();
  expect(JSON.stringify([states, structure])).not.toContain('/media/demo/');
  expect(JSON.stringify(states)).toContain('/media/files/');
  // The import set the media: a sentence's history has no second media event of its own.
  const sentence = uses.find((u) => u.place === 'sentence')!.sentence_id!;
  const mediaEvents = (await api.deps.store.readStream(sentenceStream(sentence))).filter((e) => e.type === 'SentenceMediaSet');
  expect(new Set(mediaEvents.map((e) => (e.data as { kind: string }).kind)).size).toBe(mediaEvents.length);
});
