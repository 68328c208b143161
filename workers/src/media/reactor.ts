import { enqueueOnce } from '@epos/platform/jobs/index';
import { makeMediaDerivatives } from '@epos/platform/media/jobs';
import { mediaUploaded } from '@epos/schemas';
import { defineWorkerReactor } from '../reactor-context.js';

/** Thumbnails and web sizes follow image uploads. */
export const mediaReactor = defineWorkerReactor({
  name: 'media',
  events: [mediaUploaded],
  on: {
    MediaUploaded: {
      effect: 'queues `media.derivatives` for an image (job id `derivatives-<hash>-<position>`: once per upload, whoever appended it)',
      react: async (event, context) => {
        const { hash, kind } = event.data;
        if (kind !== 'image') return;
        await enqueueOnce(context.jobs, makeMediaDerivatives, { hash }, { jobId: `derivatives-${hash}-${event.position}` });
      },
    },
  },
});
