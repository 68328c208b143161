import type { Shutdown } from '@epos/platform';
import type { JobContext } from '@epos/platform/jobs/index';
import { renderPdfJob } from '@epos/platform/pdf/jobs';
import { pdfUrl } from '@epos/platform/pdf/request-id';
import { readPdfRequest } from '@epos/platform/pdf/request-state';
import { pdfStream, pdfPartLabel, type PdfOptions, type PdfPart } from '@epos/schemas';
import { pdfPartContent } from '@epos/projections/poem/pdf-queries';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import type { WorkerContext } from '../registry.js';
import { handle, type JobRegistration } from '../runner.js';
import { appendOnce as appendOutcomeOnce } from '../append-once.js';
import { ChromiumMissingError, PdfBrowser } from './browser.js';
import { renderEdition } from './render-edition.js';

/** Appends the edition's one PdfRendered (or PdfFailed), unless its stream has its PDF already. */
const appendOnce = (context: WorkerContext, requestId: string, event: { type: 'PdfRendered' | 'PdfFailed'; data: unknown }) =>
  appendOutcomeOnce(
    context.store,
    pdfStream(requestId),
    () => readPdfRequest(context.store, requestId),
    (state) => state.rendered !== null,
    event,
  );

interface PdfJobResult {
  skipped: boolean;
}

/** One run of `pdf.render`: gathering, typesetting, printing, storing, each reported as progress. */
async function renderPdf(
  context: WorkerContext & { browser: PdfBrowser },
  payload: { requestId: string; part: PdfPart; options: PdfOptions },
  job: JobContext,
): Promise<PdfJobResult> {
  const { requestId, part, options } = payload;
  if ((await readPdfRequest(context.store, requestId)).rendered) {
    await job.reportProgress({ percent: 100, stage: 'done' });
    return { skipped: true };
  }
  try {
    await job.reportProgress({ percent: 5, stage: 'gathering' });
    const poem = await context.progress.readModel<PoemReadModel>(POEM_PROJECTION);
    const gathered = await pdfPartContent(poem, part);
    if (!gathered) throw new Error(`There is no ${pdfPartLabel(part)} in the poem now`);
    const rendered = await renderEdition({ ...context, browser: context.browser }, { part, options, content: gathered.content }, (p) => job.reportProgress(p));
    await job.reportProgress({ percent: 90, stage: 'storing' });
    const stored = await context.media.put(rendered.bytes);
    await appendOnce(context, requestId, {
      type: 'PdfRendered',
      data: { requestId, hash: stored.key, size: stored.size, pages: rendered.pages, url: pdfUrl(stored.key) },
    });
    await job.reportProgress({ percent: 100, stage: 'done' });
    job.logger.info({ requestId, part, pages: rendered.pages, bytes: stored.size, ...rendered.timings }, 'PDF edition printed');
    return { skipped: false };
  } catch (error) {
    const missing = error instanceof ChromiumMissingError;
    job.logger.error(
      { err: error, requestId, attempt: job.attempt },
      missing ? 'PDF editions cannot be printed: Chromium is missing' : 'printing a PDF edition failed',
    );
    // Retrying cannot find a missing Chromium: the last attempt, or that, records the failure for the readers waiting.
    if (missing || job.attempt >= job.maxAttempts) {
      await appendOnce(context, requestId, { type: 'PdfFailed', data: { requestId, reason: (error as Error).message.slice(0, 1000) } });
    }
    if (missing) return { skipped: true };
    throw error;
  }
}

/**
 * The `pdf.render` handler with this process's one Chromium, started on the first job and closed
 * when the process shuts down (the workers role passes its runtime, with `shutdown`, as context).
 */
export function renderPdfHandler(context: WorkerContext & { shutdown?: Shutdown }): JobRegistration {
  let browser: PdfBrowser | null = null;
  context.shutdown?.add('PDF browser', async () => browser?.close());
  return handle(renderPdfJob, async (payload, job) => {
    browser ??= new PdfBrowser(context.config.CHROMIUM_PATH, context.logger);
    await renderPdf({ ...context, browser }, payload, job);
  });
}
