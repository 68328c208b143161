import { postUrlStream, RESERVED_POST_URLS, slugify } from '@epos/schemas';
import type { EventStore } from '@epos/platform';

const MAX_TRIES = 200;

/** A readable url from a title that no post has taken ("my-title", then "my-title-2", …). */
export async function freeUrl(store: EventStore, title: string, after = 1): Promise<string> {
  let base = slugify(title) || 'post';
  if (RESERVED_POST_URLS.has(base)) base = `${base}-post`;
  for (let n = after; n < after + MAX_TRIES; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if ((await store.readStream(postUrlStream(candidate), { maxCount: 1 })).length === 0) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}
