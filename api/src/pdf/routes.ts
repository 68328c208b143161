import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { foldStream, handleCommand } from '@epos/platform';
import { chromiumPresent } from '@epos/platform/pdf/chromium';
import { readPdfRequest } from '@epos/platform/pdf/request-state';
import {
  labelledMessage,
  generatePdfAnswer,
  generatePdfBody,
  PLEASE_SELECT,
  pdfMessages,
  POEM_STREAM,
  pdfRequestIdSchema,
  pdfStatusAnswer,
  publishPdfAnswer,
  publishPdfBody,
  sentencesOnly,
  type PdfPart,
} from '@epos/schemas';
import { structureDecider } from '@epos/domain/poem/structure-decider';
import { bookKey, cantoKey, emptyStructure, type PoemStructure } from '@epos/domain/poem/structure-state';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { USERS_PROJECTION } from '@epos/projections/accounts/users-projection';
import type { ApiDeps } from '../deps.js';
import { HttpError } from '../http/error-handler.js';
import { causeOf, withPosition } from '../commands.js';
import { requirePermission } from '../accounts/security.js';
import { clientAddress } from '../accounts/rate-limits.js';
import { mailRecipient, pdfStatus, requestPdf, versionOf } from './pdf-requests.js';

const tags = ['pdf'];
export const SENTENCES_ONLY = pdfMessages.sentencesOnly;
export const PDF_QUEUED = pdfMessages.queued;
export const PDF_READY = pdfMessages.ready;
export const PDF_UNAVAILABLE = pdfMessages.unavailable;

/** The body, or a 400: the spec's 'Please select book or canto' when book or canto is missing, else naming each field. */
function parseRequest(body: unknown) {
  const result = generatePdfBody.safeParse(body ?? {});
  const fields = result.success ? [] : result.error.issues.map((i) => ({ field: i.path.map(String).join('.') || 'body', message: i.message }));
  const parsed = result.success ? result.data : null;
  if (parsed && parsed.typeOf === 2 && parsed.cantoNumber === undefined) fields.push({ field: 'cantoNumber', message: PLEASE_SELECT });
  if (!parsed || fields.length > 0) {
    const select = fields.filter((f) => f.message === PLEASE_SELECT);
    const message = select.length > 0 ? PLEASE_SELECT : fields.map((f) => labelledMessage(f.field, f.message, 'always')).join('; ');
    throw new HttpError(400, 'validation', message, {}, select.length > 0 ? select : fields);
  }
  const part: PdfPart = parsed.typeOf === 1 ? { typeOf: 1, book: parsed.bookNumber } : { typeOf: 2, book: parsed.bookNumber, canto: parsed.cantoNumber! };
  return { part, options: parsed.pdfData, userEmail: parsed.userEmail };
}

/** The structure with only the given part, its PDF set: merging it changes nothing else. */
function withPdf(structure: PoemStructure, part: PdfPart, pdf: { url: string; date: string }): PoemStructure | null {
  const target = emptyStructure();
  if (part.typeOf === 1) {
    const book = structure.books[bookKey(part.book)];
    if (!book?.name) return null;
    target.books[bookKey(part.book)] = { ...book, pdf };
  } else {
    const canto = structure.cantos[cantoKey(part.book, part.canto)];
    if (!canto?.name) return null;
    target.cantos[cantoKey(part.book, part.canto)] = { ...canto, pdf };
  }
  return target;
}

/** PDF editions: request one, follow it, and (editors) publish one as the book's or canto's PDF. */
export function pdfRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Counted per address on top of the route's write limit (per reader, else per address), so that
    // many accounts at one address cannot keep the printing workers busy.
    const perAddress = { what: 'PDF requests from this address', windows: deps.config.PDF_ADDRESS_LIMIT };

    app.post(
      '/postdata/generatePdf',
      {
        config: { permission: 'pdf.request', reads: [POEM_PROJECTION, USERS_PROJECTION] },
        schema: {
          tags,
          summary: 'Ask for a PDF edition of a book (typeOf 1) or canto (typeOf 2); JSON or form (pdfData may be JSON text)',
          response: { 200: generatePdfAnswer, 503: z.object({ statusCode: z.number(), error: z.string(), message: z.string() }) },
        },
      },
      async (request, reply) => {
        await app.rateLimits.take(request, [perAddress, `pdf:address:${clientAddress(request)}`]);
        const { part, options, userEmail } = parseRequest(request.body);
        if (!(await chromiumPresent(deps.config.CHROMIUM_PATH))) throw new HttpError(503, 'unavailable', PDF_UNAVAILABLE);
        const version = await versionOf(deps, request, part, options);
        const mailTo = await mailRecipient(deps, request, userEmail);
        const status = await requestPdf(deps, request, { part, options, version, mailTo });
        const message = status.state === 'done' ? PDF_READY : sentencesOnly(options) ? SENTENCES_ONLY : PDF_QUEUED;
        reply.header('cache-control', 'no-store');
        return { type: 1 as const, message, mailed: mailTo !== null, ...status };
      },
    );

    app.get(
      '/api/pdf/:requestId',
      {
        schema: {
          tags,
          summary: "A PDF request's state, progress and, once printed, its download link",
          params: z.object({ requestId: pdfRequestIdSchema }),
          response: { 200: pdfStatusAnswer },
        },
      },
      async (request, reply) => {
        const status = await pdfStatus(deps, request.params.requestId);
        if (!status) throw new HttpError(404, 'not_found', 'Not Found');
        reply.header('cache-control', 'no-store');
        return status;
      },
    );

    app.post(
      '/postdata/publishPdf',
      {
        config: { permission: 'poem.edit' },
        schema: {
          tags,
          summary: "Show a printed edition as its book's or canto's PDF (ArtistBookPdf / ArtistCantoPdf)",
          body: publishPdfBody,
          response: { 200: publishPdfAnswer },
        },
      },
      async (request, reply) => {
        requirePermission(request, 'poem.edit');
        const state = await readPdfRequest(deps.store, request.body.requestId);
        if (!state.rendered || !state.requested)
          throw new HttpError(400, 'validation', 'requestId: no PDF has been printed for this request', {}, [
            { field: 'requestId', message: 'no PDF has been printed for this request' },
          ]);
        const pdf = { url: state.rendered.url, date: new Date().toISOString().slice(0, 10) };
        const { state: structure, expectedRevision } = await foldStream(deps.store, POEM_STREAM, structureDecider);
        const target = withPdf(structure, state.requested.part, pdf);
        if (!target)
          throw new HttpError(400, 'validation', 'requestId: the book or canto of this PDF has no name in the poem', {}, [
            { field: 'requestId', message: 'the book or canto has no name in the poem' },
          ]);
        const result = await handleCommand(deps.store, {
          streamId: POEM_STREAM,
          decider: structureDecider,
          command: { kind: 'merge', target, removeLayers: false },
          cause: causeOf(request),
          ...(typeof expectedRevision === 'bigint' ? { expectedRevision } : {}),
        });
        return withPosition(reply, result).send({ type: 1, message: 'Updated Successfully', Url: pdf.url, date: pdf.date });
      },
    );
  };
}
