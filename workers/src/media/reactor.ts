import { defineReactor, type RecordedEvent } from '@epos/platform';
import { enqueueOnce } from '@epos/platform/jobs/index';
import { makeMediaDerivatives } from '@epos/platform/media/jobs';
import type { MediaEvent } from '@epos/schemas';
import type { ReactorContext } from '../reactor-context.js';

type Uploaded = RecordedEvent<'MediaUploaded', Extract<MediaEvent, { type: 'MediaUploaded' }>['data']>;

/** Thumbnails and web sizes follow image uploads. */
export const mediaReactor = defineReactor<ReactorContext>({
  name: 'media',
  on: {
    MediaUploaded: {
      effect: 'queues `media.derivatives` for an image (job id `derivatives-<hash>-<position>`: once per upload, whoever appended it)',
      react: async (event, context) => {
        const { hash, kind } = (event as Uploaded).data;
        if (kind !== 'image') return;
        await enqueueOnce(context.jobs, makeMediaDerivatives, { hash }, { jobId: `derivatives-${hash}-${event.position}` });
      },
    },
  },
});
