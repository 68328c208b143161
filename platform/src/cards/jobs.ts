import { z } from 'zod';
import { cardIdSchema, shareCardContentSchema } from '@epos/schemas';
import { defineJob } from '../jobs/define-job.js';

/**
 * Draws one share card. The job id is the card id, so one card is never drawn twice while a run
 * is on its way; the handler appends ShareCardMade once and stores the PNG content-addressed.
 */
export const makeShareCardJob = defineJob({
  name: 'cards.make',
  payload: z.object({ cardId: cardIdSchema, content: shareCardContentSchema }),
  attempts: 3,
  backoff: { type: 'exponential', delayMs: 1000 },
});
