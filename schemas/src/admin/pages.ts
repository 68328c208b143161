import { z } from 'zod';
import { wholeNumber } from '../api/input.js';
import { pageCategories } from '../library/events.js';
import { pageForm } from '../library/payloads.js';

/**
 * A library page as the console lists and edits it (GET /admin-api/pages). The field names are the
 * site editor's (`pageForm`), so a loaded record saves back as it is; lists leave the markdown out.
 */
export const adminPageAnswer = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().describe("The page's path, such as /about"),
  permalink: z.string(),
  category: z.enum(pageCategories),
  parent: z.string().nullable().describe('Non-Menu pages: the page it hangs under'),
  priority: z.number().int().nullable().describe('Menu pages: lower comes first'),
  md_content: z.string().optional().describe('Only when one page is read'),
  revision: z.number().int().describe('Its text revisions so far; send it back to save (409 when stale)'),
  version: z.number().int().describe("The page's stream revision when read"),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPageAnswer = z.infer<typeof adminPageAnswer>;
export const adminPagesAnswer = z.array(adminPageAnswer);

/** PUT /admin-api/pages/:id: the editor's form; a new `url` moves the page (the old one redirects). */
export const adminPageUpdate = z.intersection(pageForm, z.object({ revision: wholeNumber('revision', { min: 1 }).optional() }));

/**
 * POST /admin-api/pages/:id/restore: the revision to make current again, or (as the History tab
 * sends it) the event position whose text to restore.
 */
export const adminPageParams = z.object({ id: z.uuid('id: expected a page id') });
