import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProjectionProgress } from '@epos/platform';
import { createMediaStorage } from '@epos/platform/storage/index';
import { mediaThumbUrl, SYSTEM_ACTOR, type MediaItem, type UploadKind } from '@epos/schemas';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import type { DemoSeeder, SeedContext } from '../demo/seed.js';
import { DEMO_POEM_FILE } from '../poem/demo-seed.js';
import { importPoem } from '../poem/import/import-poem.js';
import { storeUpload } from './store-upload.js';

const DEMO_MEDIA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content/demo/media');
const DEMO_PREFIX = '/media/demo/';

type Uploads = Map<string, MediaItem>;
const ITEM_KEYS = new Set(['url', 'thumbUrl', 'title', 'media']);

/** Uploads each demo file (not the hand-made thumbnails: the derivatives job makes those): its demo URL → the item showing the upload. */
async function uploadDemoFiles(context: SeedContext): Promise<Uploads> {
  const media = createMediaStorage(context.config);
  const uploads: Uploads = new Map();
  for (const name of (await readdir(DEMO_MEDIA)).sort()) {
    if (name.includes('-thumb.')) continue;
    const kind: UploadKind = name.endsWith('.mp3') ? 'audio' : 'image';
    const stored = await storeUpload({ store: context.store, media }, { actor: SYSTEM_ACTOR }, kind, name, await readFile(path.join(DEMO_MEDIA, name)));
    if (!stored.ok) {
      context.logger.warn({ name, reason: stored.reason }, 'demo media file refused');
      continue;
    }
    uploads.set(`${DEMO_PREFIX}${name}`, {
      url: stored.url,
      ...(kind === 'image' ? { thumbUrl: mediaThumbUrl(stored.hash, stored.file.ext) } : {}),
      media: stored.hash,
    });
  }
  return uploads;
}

/** The poem file with every media item that shows a demo file showing its upload instead (titles kept). */
export function withUploads(poemFile: string, uploads: Uploads): string {
  return JSON.stringify(
    JSON.parse(poemFile, (_key, value: unknown) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      const item = value as Partial<MediaItem>;
      const isItem = Object.keys(item).every((key) => ITEM_KEYS.has(key));
      const upload = isItem && typeof item.url === 'string' ? uploads.get(item.url) : undefined;
      return upload ? { ...upload, ...(item.title !== undefined ? { title: item.title } : {}) } : value;
    }),
  );
}

/**
 * The demo poem (content/demo) with its media through the media library: the files become uploads
 * (MediaUploaded) first, then the poem is imported with its sentences', books' and cantos' media
 * showing those uploads, so the console's Media list shows them and where each is used, and each
 * sentence's history starts with the import alone.
 */
export const demoPoemWithMediaSeeder: DemoSeeder = {
  name: 'poem',
  async seed(context) {
    const uploads = await uploadDemoFiles(context);
    const progress = new ProjectionProgress(context.database, context.store);
    await progress.start();
    try {
      const content = withUploads(await readFile(DEMO_POEM_FILE, 'utf8'), uploads);
      const report = await importPoem(
        { store: context.store, progress, readModel: () => progress.readModel<PoemReadModel>(POEM_PROJECTION) },
        { fileName: DEMO_POEM_FILE, content, cause: { actor: SYSTEM_ACTOR } },
      );
      context.logger.info({ sentences: report.plan.counts.sentences, uploads: uploads.size }, 'demo poem imported, its media in the library');
    } finally {
      await progress.close();
    }
  },
};
