import { JobRunningError } from '@epos/platform/jobs/index';
import { makeShareCardJob } from '@epos/platform/cards/jobs';
import { readShareCard } from '@epos/platform/cards/card-state';
import { shareCardRequested } from '@epos/schemas';
import { defineWorkerReactor, isNews } from '../reactor-context.js';

/** Share cards: a request queues the drawing unless the card is made or a run is on its way. */
export const cardsReactor = defineWorkerReactor({
  name: 'cards',
  events: [shareCardRequested],
  on: {
    ShareCardRequested: {
      effect: 'queues `cards.make` (job id: the card id, so one card is drawn once)',
      react: async (event, context) => {
        // A replayed old request is not drawn again unasked: the next reader who asks queues it.
        if (!isNews(event, context)) return;
        const { cardId, content } = event.data;
        if ((await readShareCard(context.store, cardId)).made) return;
        const existing = await context.jobs.inspect(makeShareCardJob, cardId);
        if (existing && existing.state !== 'failed' && existing.state !== 'completed') return;
        try {
          await context.jobs.enqueue(makeShareCardJob, { cardId, content }, { jobId: cardId });
        } catch (error) {
          if (!(error instanceof JobRunningError)) throw error;
        }
      },
    },
  },
});
