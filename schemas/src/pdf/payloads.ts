import { z } from 'zod';
import { wholeNumber } from '../api/input.js';
import { pdfOptionsSchema } from './options.js';
import { pdfRequestIdSchema } from './events.js';

import { pdfMessages } from './messages.js';

export const PLEASE_SELECT = pdfMessages.pleaseSelect;

/** pdfData as JSON sends it (an object) or as a form sends it (JSON text in one field); empty means nothing ticked. */
const pdfData = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, pdfOptionsSchema);

/**
 * POST /postdata/generatePdf, the spec's form: typeOf (1 book, 2 canto), pdfData, bookNumber,
 * cantoNumber, userEmail. A missing or unknown typeOf, or a missing book (or canto for a canto),
 * is the spec's 'Please select book or canto'.
 */
export const generatePdfBody = z.object({
  typeOf: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { message: PLEASE_SELECT }).transform(Number),
  pdfData,
  bookNumber: wholeNumber('bookNumber', { message: PLEASE_SELECT }),
  /** Needed for a canto; a book request's form may send it empty. */
  cantoNumber: z.preprocess(
    (value) => (value === '' || value === null || value === 0 || value === '0' ? undefined : value),
    wholeNumber('cantoNumber', { message: PLEASE_SELECT }).optional(),
  ),
  userEmail: z.string().trim().max(320, 'userEmail: at most 320 characters').optional(),
  _csrf: z.string().optional(),
});
export type GeneratePdfBody = z.output<typeof generatePdfBody>;

/** POST /postdata/publishPdf: show a rendered edition as the book's or canto's PDF in the section view (null url: none). */
export const publishPdfBody = z.object({ requestId: pdfRequestIdSchema });
