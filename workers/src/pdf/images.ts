import { createWriteStream } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EventStore, Logger } from '@epos/platform';
import { isObjectKey, type MediaStorage } from '@epos/platform/storage/port';
import { mediaNow } from '@epos/platform/media/media-state';

/** The web size of an uploaded image (re-encoded, no EXIF), as readers get it; the object itself when it has none yet. */
async function printableKey(store: EventStore, hash: string): Promise<string> {
  const state = await mediaNow(store, hash);
  return state.derivatives?.web.hash ?? hash;
}

const DEMO_MEDIA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content/demo/media');
const STORED = /^\/media\/files\/([0-9a-f]{64})(?:\.[a-z0-9]{1,5})?$/;
const DEMO = /^\/media\/demo\/([A-Za-z0-9][A-Za-z0-9._-]{0,200})$/;

/**
 * Printable file:// sources for the paintings of an edition: stored media are copied out of the
 * media store into the job's folder, demo media are read where they lie. Anything else (another
 * site's URL, an unknown path) is left out: the worker fetches nothing from the network.
 */
export async function resolveImages(
  urls: Iterable<string>,
  deps: { media: MediaStorage; store: EventStore; logger: Logger; folder: string },
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const url of new Set(urls)) {
    const stored = STORED.exec(url)?.[1];
    const demo = DEMO.exec(url)?.[1];
    if (stored && isObjectKey(stored)) {
      const stream = await deps.media.get(await printableKey(deps.store, stored));
      if (!stream) continue;
      const file = path.join(deps.folder, `img-${stored}`);
      await pipeline(stream, createWriteStream(file));
      found.set(url, pathToFileURL(file).href);
    } else if (demo && !demo.includes('..')) {
      const file = path.join(DEMO_MEDIA, demo);
      if (
        await access(file).then(
          () => true,
          () => false,
        )
      )
        found.set(url, pathToFileURL(file).href);
    } else {
      deps.logger.warn({ url }, 'painting left out of the PDF: not a stored or demo media URL');
    }
  }
  return found;
}
