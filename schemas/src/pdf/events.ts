import { z } from 'zod';
import { defineEvent, type EventOf } from '../events/define-event.js';
import { pdfOptionsSchema, pdfPartSchema } from './options.js';

/**
 * One stream per distinct PDF edition: the request id is the hash of (part, options, the part's
 * content version, renderer version), so a repeated request after no change lands on the same
 * stream and finds its PDF rendered.
 */
export const pdfStream = (requestId: string) => `pdf-${requestId}`;
export const pdfRequestIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'expected a PDF request id (32 hex digits)');

/** Someone asked for this edition; `mailTo` is the signed-in reader who wants the link mailed (their account's address). */
export const pdfRequested = defineEvent(
  'PdfRequested',
  z.object({
    requestId: pdfRequestIdSchema,
    part: pdfPartSchema,
    options: pdfOptionsSchema,
    /** The content version of the part the request saw (see projections/src/poem/pdf-queries.ts). */
    version: z.string().min(1).max(100),
    mailTo: z.uuid().nullable(),
  }),
);
/** The edition was printed and stored once: its media object (content-addressed) and size. */
export const pdfRendered = defineEvent(
  'PdfRendered',
  z.object({
    requestId: pdfRequestIdSchema,
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.number().int().positive(),
    pages: z.number().int().positive(),
    url: z.string().min(1).max(300),
  }),
);
/** Every attempt failed; a new request of the same edition tries again. */
export const pdfFailed = defineEvent('PdfFailed', z.object({ requestId: pdfRequestIdSchema, reason: z.string().max(1000) }));

/**
 * The edition's PDF was removed by the storage sweep: its part's content has changed since (a
 * newer version's edition replaces it) and nobody had asked for it for OLD_RENDER_RETENTION_HOURS.
 * Asked for again (the content back as it was), it is printed anew.
 */
export const pdfExpired = defineEvent(
  'PdfExpired',
  z.object({
    requestId: pdfRequestIdSchema,
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.number().int().nonnegative(),
    reason: z.enum(['superseded']),
    /** When it was last asked for (or printed). */
    lastAskedAt: z.iso.datetime({ offset: true }),
    /** The part's content version now (null: the part is no longer in the poem). */
    currentVersion: z.string().min(1).max(100).nullable(),
  }),
);

export const pdfEvents = [pdfRequested, pdfRendered, pdfFailed, pdfExpired] as const;
export type PdfEvent = EventOf<typeof pdfEvents>;
