import { z } from 'zod';
import { defineEvent, type EventOf } from '../events/define-event.js';
import { LIBRARY_PATH, MAX_LIBRARY_PATH_LENGTH } from './paths.js';
import { SLUG } from '../blogs/events.js';
import { MAX_INT32 } from '../poem/vocabulary.js';

export const pageStream = (pageId: string) => `page-${pageId}`;
/** One stream per library path: reserving it with "no stream yet" keeps paths unique, and a path once used stays its page's. */
export const pagePathStream = (path: string) => `page-path-${path}`;

/** Menu pages are listed in the top navigation (by priority) or the footer; Non-Menu pages hang under a parent. */
export const pageCategories = ['Main menu', 'Footer', 'Non-Menu'] as const;
export const pageCategorySchema = z.enum(pageCategories, { message: `category: one of ${pageCategories.join(', ')}` });
export type PageCategory = z.infer<typeof pageCategorySchema>;

export const libraryPathSchema = z.string().max(MAX_LIBRARY_PATH_LENGTH).regex(LIBRARY_PATH);

/** A page at one revision; its HTML is rendered from `markdown` on the server when read. */
export const pageContentSchema = z.object({
  name: z.string().min(1).max(200),
  /** A permanent short name, kept when the page moves. */
  permalink: z.string().min(1).max(100).regex(SLUG),
  category: pageCategorySchema,
  /** Non-Menu pages only. */
  parent: z.uuid().nullable(),
  /** Menu pages only: lower comes first. */
  priority: z.number().int().min(0).max(9999).nullable(),
  markdown: z.string().min(1).max(2_000_000),
});
export type PageContent = z.infer<typeof pageContentSchema>;

const pageId = z.uuid();

export const pagePathReserved = defineEvent('PagePathReserved', z.object({ path: libraryPathSchema, pageId }));
export const pageCreated = defineEvent('PageCreated', z.object({ pageId, path: libraryPathSchema, content: pageContentSchema }));
export const pageRevised = defineEvent(
  'PageRevised',
  z.object({ pageId, content: pageContentSchema, restoredFrom: z.number().int().positive().max(MAX_INT32).optional() }),
);
/** The old path keeps answering with a redirect to the new one. */
export const pageMoved = defineEvent('PageMoved', z.object({ pageId, from: libraryPathSchema, to: libraryPathSchema }));
export const pageDeleted = defineEvent('PageDeleted', z.object({ pageId }));

export const pageStreamEvents = [pageCreated, pageRevised, pageMoved, pageDeleted] as const;
export type PageEvent = EventOf<typeof pageStreamEvents>;
export const libraryEvents = [pagePathReserved, ...pageStreamEvents] as const;
