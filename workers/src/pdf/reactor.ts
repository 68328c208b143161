import type { RecordedEvent } from '@epos/platform';
import { JobRunningError, type JobInput, type JobQueue } from '@epos/platform/jobs/index';
import { mailOnce } from '@epos/platform/mail/index';
import { renderPdfJob } from '@epos/platform/pdf/jobs';
import { readPdfRequest, type PdfRequestState } from '@epos/platform/pdf/request-state';
import { pdfRendered, pdfRequested } from '@epos/schemas';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import { defineWorkerReactor, isNews, readModelsAt, type ReactorContext } from '../reactor-context.js';
import { pdfReadyMail } from './mails.js';

/** Mails the link to each reader who asked for it by mail (once each: the mail's job id names their request). */
async function mailLinks(event: RecordedEvent, context: ReactorContext, state: PdfRequestState): Promise<void> {
  const { rendered, requested } = state;
  if (!rendered || !requested) return;
  for (const { eventId, userId } of state.mails) {
    await mailOnce(context, `pdf-${eventId}`, async () => {
      await readModelsAt(context, event, [USERS_PROJECTION]);
      const users = await context.progress.readModel<UsersReadModel>(USERS_PROJECTION);
      const user = await users.selectFrom('users').select(['name', 'email']).where('user_id', '=', userId).where('deleted', '=', false).executeTakeFirst();
      if (!user?.email) return null;
      return pdfReadyMail(context.config, {
        to: user.email,
        name: user.name,
        poemTitle: context.config.POEM_TITLE,
        part: requested.part,
        url: rendered.url,
        pages: rendered.pages,
      });
    });
  }
}

/**
 * Queues the printing unless a run is pending or in progress. A finished run that left no PDF (it
 * failed, or found no Chromium) is run anew; one that did is skipped by the handler, which checks first.
 */
async function queueRendering(jobs: JobQueue, payload: JobInput<typeof renderPdfJob>): Promise<void> {
  const existing = await jobs.inspect(renderPdfJob, payload.requestId);
  if (existing && existing.state !== 'failed' && existing.state !== 'completed') return;
  try {
    await jobs.enqueue(renderPdfJob, payload, { jobId: payload.requestId });
  } catch (error) {
    if (!(error instanceof JobRunningError)) throw error;
  }
}

/** PDF editions: a request queues the printing job (or, once printed, the mail); the printing mails whoever asked. */
export const pdfReactor = defineWorkerReactor({
  name: 'pdf',
  events: [pdfRequested, pdfRendered],
  on: {
    PdfRequested: {
      effect:
        'queues `pdf.render` (job id: the request id, so one edition is printed once), or when it is printed already queues `mail.send` with the link (job id `pdf-<event>`)',
      react: async (event, context) => {
        const { requestId, part, options } = event.data;
        const state = await readPdfRequest(context.store, requestId);
        if (state.rendered) {
          if (isNews(event, context)) await mailLinks(event, context, state);
          return;
        }
        // A replayed old request whose edition failed is not printed again unasked.
        if (!isNews(event, context)) return;
        await queueRendering(context.jobs, { requestId, part, options });
      },
    },
    PdfRendered: {
      effect: 'queues `mail.send` with the link to each reader who asked for it by mail (job id `pdf-<request event>`)',
      react: async (event, context) => {
        if (!isNews(event, context)) return;
        await mailLinks(event, context, await readPdfRequest(context.store, event.data.requestId));
      },
    },
  },
});
