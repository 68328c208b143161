import { z } from 'zod';
import { defineJob } from '../jobs/index.js';

/** Makes an uploaded image's thumbnail and web size (EXIF stripped) and records them as `MediaDerivativesMade`. */
export const makeMediaDerivatives = defineJob({
  name: 'media.derivatives',
  payload: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) }),
  attempts: 5,
  backoff: { type: 'exponential', delayMs: 1000 },
});

/**
 * Takes out of the library the uploads nothing has used for UNUSED_UPLOAD_GRACE_HOURS (`UploadSwept`)
 * and the PDF editions of older content versions nobody has asked for in OLD_RENDER_RETENTION_HOURS
 * (`PdfExpired`). Queued every STORAGE_SWEEP_MINUTES by the workers; the job id names the period,
 * so several worker processes sweep once.
 */
export const sweepStorageJob = defineJob({
  name: 'storage.sweep',
  payload: z.object({}),
  attempts: 3,
  backoff: { type: 'exponential', delayMs: 5000 },
});

/**
 * Deletes stored objects (an upload's file and its derivatives, a PDF) once the event that took
 * them out is in the storage read model, each only if nothing in the library is stored under its
 * key any more (the same bytes may have been uploaded again).
 */
export const deleteStoredObjectsJob = defineJob({
  name: 'storage.delete-objects',
  payload: z.object({
    keys: z
      .array(z.string().regex(/^[0-9a-f]{64}$/))
      .min(1)
      .max(3),
    /** The position of the event that took them out. */
    after: z.string().regex(/^\d{1,18}$/),
  }),
  attempts: 5,
  backoff: { type: 'exponential', delayMs: 2000 },
});
