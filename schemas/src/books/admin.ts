import { z } from 'zod';
import { isoMoment } from '../api/responses.js';
import { lineText, multilineText, wholeNumber } from '../api/input.js';
import { MAX_BOOK_MARKDOWN, MAX_BOOK_ORDER } from './events.js';

/** The console's authors and books (ra-data-simple-rest records at /admin-api/authors and /admin-api/books). */
export const adminAuthorAnswer = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  books: z.number().int().describe('How many books the author has'),
  created_at: isoMoment,
  updated_at: isoMoment,
});
export const adminAuthorsAnswer = z.array(adminAuthorAnswer);
export const adminAuthorBody = z.object({ name: z.string({ message: 'name is required' }).trim().min(1, 'name is required').pipe(lineText(200)) });

export const adminBookAnswer = z.object({
  id: z.uuid(),
  author_id: z.uuid(),
  author_name: z.string(),
  author_slug: z.string(),
  title: z.string(),
  slug: z.string(),
  order: z.number().int(),
  md_content: z.string().optional().describe('Left out of lists: books can be very long'),
  words: z.number().int(),
  revision: z.number().int(),
  created_at: isoMoment,
  updated_at: isoMoment,
});
export const adminBooksAnswer = z.array(adminBookAnswer);

const title = z.string({ message: 'title is required' }).trim().min(1, 'title is required').pipe(lineText(300));
const mdContent = z
  .string({ message: 'md_content is required' })
  .refine((v) => v.trim().length > 0, 'md_content is required')
  .pipe(multilineText(MAX_BOOK_MARKDOWN));
const order = wholeNumber('order', { min: 0, max: MAX_BOOK_ORDER }).optional().default(0);
export const adminBookCreate = z.object({ author_id: z.uuid('author_id: choose an author'), title, order, md_content: mdContent });
export const adminBookUpdate = z.object({ title, order, md_content: mdContent, revision: wholeNumber('revision', { min: 1 }).optional() });
export const adminRecordParams = z.object({ id: z.uuid('id: expected a uuid') });
