import type { RecordedEvent } from '@epos/platform';
import { enqueueOnce } from '@epos/platform/jobs/index';
import { deleteStoredObjectsJob } from '@epos/platform/media/jobs';
import { mediaRemoved, mediaStream, pdfExpired, shareCardExpired, uploadSwept } from '@epos/schemas';
import { fold } from '@epos/domain/decider';
import { mediaDecider } from '@epos/domain/media/media-decider';
import { defineWorkerReactor, type ReactorContext } from '../reactor-context.js';

/** The objects an upload taken out was stored as: its file, thumbnail and web size, as its stream stood at that event. */
async function objectsOfUpload(event: RecordedEvent<string, { hash: string }>, context: ReactorContext): Promise<string[]> {
  const events = (await context.store.readStream(mediaStream(event.data.hash))).filter((e) => e.revision <= event.revision);
  const state = fold(mediaDecider, events);
  const derivatives = state.derivatives ? [state.derivatives.thumb.hash, state.derivatives.web.hash] : [];
  return [...new Set([event.data.hash, ...derivatives])];
}

const queueDeletion = (context: ReactorContext, event: RecordedEvent, keys: string[]) =>
  enqueueOnce(context.jobs, deleteStoredObjectsJob, { keys, after: event.position.toString() }, { jobId: `objects-${event.position}` });

const deleteUpload = async (event: RecordedEvent<string, { hash: string }>, context: ReactorContext) =>
  void (await queueDeletion(context, event, await objectsOfUpload(event, context)));

const UPLOAD_EFFECT =
  'queues `storage.delete-objects` for its file, thumbnail and web size (job id `objects-<position>`), each deleted unless something in the library is stored under it again';

/** Files follow the events that take them out of the library: a removal, a sweep, an expired PDF or share card. */
export const storageReactor = defineWorkerReactor({
  name: 'storage',
  events: [mediaRemoved, uploadSwept, pdfExpired, shareCardExpired],
  on: {
    MediaRemoved: { effect: UPLOAD_EFFECT, react: deleteUpload },
    UploadSwept: { effect: UPLOAD_EFFECT, react: deleteUpload },
    PdfExpired: {
      effect: 'queues `storage.delete-objects` for the PDF (job id `objects-<position>`), deleted unless another edition kept has the same bytes',
      react: async (event, context) => void (await queueDeletion(context, event, [event.data.hash])),
    },
    ShareCardExpired: {
      effect: 'queues `storage.delete-objects` for the card (job id `objects-<position>`), deleted unless something kept has the same bytes',
      react: async (event, context) => void (await queueDeletion(context, event, [event.data.hash])),
    },
  },
});
