import { z } from 'zod';
import { lineText, multilineText, requiredLine, requiredText, wholeNumber } from '../api/input.js';
import { SLUG } from '../blogs/events.js';
import { pageCategories, type PageContent } from './events.js';

export { libraryMessages } from './messages.js';

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/**
 * The page editor's form as the spec sends it: `content` (HTML) and `created_at` are the client's and
 * are ignored; the server renders `md_content` and keeps its own times.
 */
export const pageForm = z
  .object({
    name: requiredLine(200, 'name: a page needs a name'),
    url: requiredLine(200, 'url: a page needs a url, such as /about'),
    permalink: requiredLine(100, 'permalink: a page needs a permalink (Generate makes one from the name)').pipe(
      z.string().regex(SLUG, 'permalink: lower-case letters, digits and single hyphens'),
    ),
    category: z.enum(pageCategories, { message: `category: one of ${pageCategories.join(', ')}` }),
    parent: z.preprocess(blankToNull, z.uuid('parent: expected a page id').nullable()),
    priority: z.preprocess(blankToNull, wholeNumber('priority', { min: 0, max: 9999 }).nullable()),
    md_content: requiredText(2_000_000, 'md_content: a page needs content'),
    content: multilineText(4_000_000).optional().nullable(),
    created_at: lineText(40).optional().nullable(),
  })
  .transform((form) => ({
    /** Addresses are asked for as typed: "about/" and "/About" mean /about. */
    path: `/${form.url.toLowerCase().replace(/^\/+|\/+$/g, '')}`,
    content: {
      name: form.name,
      permalink: form.permalink,
      category: form.category,
      parent: form.parent,
      priority: form.priority,
      markdown: form.md_content,
    } satisfies PageContent,
  }));
export type PageForm = z.output<typeof pageForm>;

const pageIdField = z.uuid('id: expected a page id');
export const updatePageForm = z.intersection(pageForm, z.object({ id: pageIdField, revision: wholeNumber('revision', { min: 1 }).optional() }));
export const deletePageBody = z.object({ id: pageIdField });
export const restorePageBody = z.object({ id: pageIdField, revision: wholeNumber('revision', { min: 1 }) });
export const permalinkBody = z.object({ name: requiredLine(200, 'name: a page needs a name') });
export const pageIdParams = z.object({ id: pageIdField });

/** A page as menus, breadcrumbs and child lists link it. */
export const pageEntry = z.object({ pageid: z.string(), name: z.string(), url: z.string() });
export type PageEntry = z.infer<typeof pageEntry>;

export const menusAnswer = z.object({ main: z.array(pageEntry), footer: z.array(pageEntry) });
export const pageEntriesAnswer = z.array(pageEntry);

/** `GET /api{path}`: the spec's pageid, name, content and isAuth, with what the reader links. */
export const libraryPageAnswer = z.object({
  pageid: z.string(),
  name: z.string(),
  url: z.string(),
  content: z.string().describe('Sanitised HTML rendered from the markdown on the server'),
  isAuth: z.boolean().describe('Whether the reader may edit and delete it (admins)'),
  category: z.enum(pageCategories),
  parent: pageEntry.nullable(),
  children: z.array(pageEntry),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LibraryPageAnswer = z.infer<typeof libraryPageAnswer>;

/** `GET /api/pageinfo/{id}`: the editor's form. */
export const pageInfoAnswer = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  permalink: z.string(),
  category: z.enum(pageCategories),
  parent: z.string().nullable(),
  priority: z.number().nullable(),
  md_content: z.string(),
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  revision: z.number(),
});
export type PageInfoAnswer = z.infer<typeof pageInfoAnswer>;

export const pageSavedAnswer = z.object({ id: z.string(), url: z.string(), revision: z.number(), message: z.string() });
export const pageDeletedAnswer = z.object({ message: z.string(), redirect: z.string().describe("The parent page's path, or /") });
export const pageRestoredAnswer = z.object({ revision: z.number(), message: z.string() });
export const permalinkAnswer = z.object({ permalink: z.string(), message: z.string() });
