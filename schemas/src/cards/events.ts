import { z } from 'zod';
import { defineEvent, type EventOf } from '../events/define-event.js';

/**
 * One stream per distinct share card: the card id is the hash of what it shows (and the drawing's
 * version), so a page whose text has not changed finds its card made, and a changed text is a new card.
 */
export const cardStream = (cardId: string) => `card-${cardId}`;
export const cardIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'expected a card id (32 hex digits)');
const hashSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** A piece of text on a card, with the language it is in (so the card's fonts shape its script). */
const cardTextSchema = z.object({
  text: z.string().min(1).max(2000),
  lang: z.string().min(2).max(35),
});

/** What a share card shows: where the text stands, the text (verse keeps its lines), what stands below it, and the site. */
export const shareCardContentSchema = z.object({
  /** The page the card is of (its path and the query that chose its translation): its subject, whose newer card replaces this one. */
  page: z.string().min(1).max(300),
  heading: z.string().min(1).max(300),
  main: cardTextSchema,
  /** Below the text, smaller: its translation (the one the address names), or a page's description under its title. */
  below: cardTextSchema.extend({ role: z.enum(['translation', 'description']) }).nullable(),
  footer: z.string().min(1).max(300),
});
export type ShareCardContent = z.infer<typeof shareCardContentSchema>;

/** Someone (a reader, a crawler reading the page's og:image) asked for the card of a page that has none made. */
export const shareCardRequested = defineEvent('ShareCardRequested', z.object({ cardId: cardIdSchema, content: shareCardContentSchema }));
/** The card was drawn and stored once: its PNG, content-addressed. */
export const shareCardMade = defineEvent(
  'ShareCardMade',
  z.object({ cardId: cardIdSchema, hash: hashSchema, size: z.number().int().positive(), url: z.string().min(1).max(300) }),
);
/** Every attempt failed; a new request of the same card tries again. */
export const shareCardFailed = defineEvent('ShareCardFailed', z.object({ cardId: cardIdSchema, reason: z.string().max(1000) }));
/**
 * The card's PNG was removed by the storage sweep: its page has a newer card (its text changed)
 * and this one was made more than OLD_RENDER_RETENTION_HOURS ago. Asked for again, it is drawn anew.
 */
export const shareCardExpired = defineEvent(
  'ShareCardExpired',
  z.object({ cardId: cardIdSchema, hash: hashSchema, size: z.number().int().nonnegative(), reason: z.enum(['superseded']) }),
);

export const cardEvents = [shareCardRequested, shareCardMade, shareCardFailed, shareCardExpired] as const;
export type CardEvent = EventOf<typeof cardEvents>;
