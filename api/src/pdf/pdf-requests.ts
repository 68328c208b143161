import type { FastifyRequest } from 'fastify';
import type { JobInfo } from '@epos/platform/jobs/index';
import { renderPdfJob } from '@epos/platform/pdf/jobs';
import { pdfRequestId } from '@epos/platform/pdf/request-id';
import { readPdfRequest, type PdfRequestState } from '@epos/platform/pdf/request-state';
import { normalisePdfOptions, pdfMessages, pdfStream, type PdfOptions, type PdfPart, type PdfStatusAnswer } from '@epos/schemas';
import { pdfPartVersion } from '@epos/projections/poem/pdf-queries';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import { emptyStructure, ownEntry } from '@epos/domain/poem/structure-state';
import type { ApiDeps } from '../deps.js';
import { invalidField } from '../http/error-handler.js';
import { readModel } from '../read-models.js';
import { causeOf } from '../commands.js';

const PDF_FAILED = pdfMessages.failed;

/** The part's content version, or a 400 naming the book or canto that is not in the poem; unknown commentary layers are a 400 too. */
export async function versionOf(deps: ApiDeps, request: FastifyRequest, part: PdfPart, options: PdfOptions): Promise<string> {
  const db = await readModel<PoemReadModel>(deps, request, POEM_PROJECTION);
  const structure = (await db.selectFrom('structure').select('state').where('id', '=', 1).executeTakeFirst())?.state ?? emptyStructure();
  const unknownLayer = options.commentary.find((key) => !ownEntry(structure.layers, key));
  if (unknownLayer) throw invalidField('pdfData.commentary', `pdfData.commentary: there is no commentary layer "${unknownLayer}"`);
  const version = await pdfPartVersion(db, part);
  if (version !== null) return version;
  if (part.typeOf === 2 && (await pdfPartVersion(db, { typeOf: 1, book: part.book })) !== null) {
    throw invalidField('cantoNumber', `cantoNumber: there is no canto ${part.canto} in book ${part.book}`);
  }
  throw invalidField('bookNumber', `bookNumber: there is no book ${part.book} in the poem`);
}

/**
 * Whom the link may be mailed to: only a signed-in reader, only at their own account's address
 * (so nobody can use the site to mail strangers). Anonymous visitors get the link on the page only.
 */
export async function mailRecipient(deps: ApiDeps, request: FastifyRequest, userEmail: string | undefined): Promise<string | null> {
  if (!userEmail || !request.actor) return null;
  const users = await deps.progress.readModel<UsersReadModel>(USERS_PROJECTION);
  const row = await users.selectFrom('users').select('email').where('user_id', '=', request.actor.id).where('deleted', '=', false).executeTakeFirst();
  if (!row?.email || row.email.toLowerCase() !== userEmail.toLowerCase()) {
    throw invalidField('userEmail', 'userEmail: the link can only be mailed to the address of your own account');
  }
  return request.actor.id;
}

function statusOf(requestId: string, state: PdfRequestState, job: JobInfo | null): PdfStatusAnswer {
  const base = { requestId, url: null, pages: null, size: null, error: null, progress: job?.progress ?? null };
  if (state.rendered)
    return {
      ...base,
      state: 'done',
      url: state.rendered.url,
      pages: state.rendered.pages,
      size: state.rendered.size,
      progress: { percent: 100, stage: 'done' },
    };
  if (state.failed) return { ...base, state: 'failed', error: PDF_FAILED };
  if (state.expired) return { ...base, state: 'failed', error: pdfMessages.expired };
  if (job?.state === 'running') return { ...base, state: 'running' };
  return { ...base, state: 'queued' };
}

/** How far an edition has got: from its stream, and from its job while it runs. */
export async function pdfStatus(deps: ApiDeps, requestId: string): Promise<PdfStatusAnswer | null> {
  const state = await readPdfRequest(deps.store, requestId);
  if (!state.requested) return null;
  const job = state.rendered || state.failed ? null : await deps.jobs.inspect(renderPdfJob, requestId);
  return statusOf(requestId, state, job);
}

/**
 * Asks for an edition. A printed one is answered at once (nothing is appended unless the reader
 * wants it mailed); one on its way is joined; otherwise PdfRequested is appended and the pdf
 * reactor queues the job (effects follow events).
 */
export async function requestPdf(
  deps: ApiDeps,
  request: FastifyRequest,
  input: { part: PdfPart; options: PdfOptions; version: string; mailTo: string | null },
) {
  const options = normalisePdfOptions(input.options);
  const requestId = pdfRequestId(input.part, options, input.version);
  let state = await readPdfRequest(deps.store, requestId);
  const job = state.rendered ? null : await deps.jobs.inspect(renderPdfJob, requestId);
  const onItsWay = state.requested !== null && !state.failed && (job === null ? false : job.state !== 'failed' && job.state !== 'completed');
  const due = input.mailTo !== null || (!state.rendered && !onItsWay);
  if (due) {
    const data = { requestId, part: input.part, options, version: input.version, mailTo: input.mailTo };
    await deps.store.append(pdfStream(requestId), [{ type: 'PdfRequested', data }], { expectedRevision: 'any', cause: causeOf(request) });
    state = await readPdfRequest(deps.store, requestId);
  }
  return statusOf(requestId, state, state.rendered ? null : await deps.jobs.inspect(renderPdfJob, requestId));
}
