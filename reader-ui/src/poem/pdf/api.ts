import type { GeneratePdfAnswer, PdfOptions, PdfStatusAnswer } from '@epos/schemas/pdf/index';
import { getJson, postJson, type Result } from '../../ui/http';

const GENERATE_PDF_URL = '/postdata/generatePdf';
const pdfStatusUrl = (requestId: string) => `/api/pdf/${requestId}`;
/** The toast with the server's message stays this long (the spec's PDF toast). */
export const PDF_TOAST_MS = 5000;
/** How often the dialog asks how far the PDF has got. */
export const PDF_POLL_MS = 1000;

/** What a PDF holds: the spec's typeOf, 1 for a whole book, 2 for one canto. */
export const PDF_PART = { book: 1, canto: 2 } as const;
export type PdfPartType = (typeof PDF_PART)[keyof typeof PDF_PART];

export interface PdfRequest {
  typeOf: PdfPartType;
  bookNumber: number;
  cantoNumber: number | null;
  pdfData: PdfOptions;
  userEmail: string;
}

export function requestPdf(request: PdfRequest): Promise<Result<GeneratePdfAnswer>> {
  return postJson<GeneratePdfAnswer>(GENERATE_PDF_URL, request);
}

export function pdfStatus(requestId: string, signal?: AbortSignal): Promise<Result<PdfStatusAnswer>> {
  return getJson<PdfStatusAnswer>(pdfStatusUrl(requestId), { signal });
}

/** The signed-in reader's own address, to prefill the mail field (null when unknown). */
export async function ownEmail(signal: AbortSignal): Promise<string | null> {
  const answer = await getJson<{ account: { email: string | null } | null }>('/postdata/mydata', { signal });
  return answer.ok ? (answer.data.account?.email ?? null) : null;
}
