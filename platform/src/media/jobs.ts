import { z } from 'zod';
import { defineJob } from '../jobs/index.js';

/** Makes an uploaded image's thumbnail and web size (EXIF stripped) and records them as `MediaDerivativesMade`. */
export const makeMediaDerivatives = defineJob({
  name: 'media.derivatives',
  payload: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) }),
  attempts: 5,
  backoff: { type: 'exponential', delayMs: 1000 },
});
