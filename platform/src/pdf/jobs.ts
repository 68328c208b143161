import { z } from 'zod';
import { pdfOptionsSchema, pdfPartSchema, pdfRequestIdSchema } from '@epos/schemas';
import { defineJob } from '../jobs/define-job.js';

/**
 * Prints one PDF edition. The job id is the request id (the cache key), so the same edition is
 * never queued twice while one runs; the handler appends PdfRendered once (optimistic concurrency
 * on the request's stream) and stores the file content-addressed, so a retried or retaken run
 * never makes a second PDF.
 */
export const renderPdfJob = defineJob({
  name: 'pdf.render',
  payload: z.object({ requestId: pdfRequestIdSchema, part: pdfPartSchema, options: pdfOptionsSchema }),
  attempts: 3,
  backoff: { type: 'exponential', delayMs: 2000 },
});
