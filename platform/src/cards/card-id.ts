import { createHash } from 'node:crypto';
import type { ShareCardContent } from '@epos/schemas';

/** Bumped whenever the drawing changes, so that cards are drawn anew. */
const CARD_DRAWING_VERSION = 1;

/** The id of the card that shows `content`: also its stream's and its job's. */
export function shareCardId(content: ShareCardContent): string {
  const key = JSON.stringify({ ...content, drawing: CARD_DRAWING_VERSION });
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

/** Where a stored card is served (the media routes' content-addressed files). */
export const shareCardUrl = (hash: string) => `/media/files/${hash}.png`;

/** A card's size in CSS pixels, as Open Graph and Twitter cards expect (1.91:1). */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;
