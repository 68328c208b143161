import { z } from 'zod';

export const pdfStates = ['queued', 'running', 'done', 'failed'] as const;
export const pdfStateSchema = z.enum(pdfStates);
export type PdfState = z.infer<typeof pdfStateSchema>;

const progress = z.object({ percent: z.number().min(0).max(100), stage: z.string() }).nullable();

/** GET /api/pdf/{requestId}: how far the edition has got, and its link once printed. */
export const pdfStatusAnswer = z.object({
  requestId: z.string(),
  state: pdfStateSchema,
  progress: progress.describe("The job's last report (gathering, typesetting, printing, storing)"),
  url: z.string().nullable().describe('The download link once done (/media/files/{hash}.pdf)'),
  pages: z.number().int().nullable(),
  size: z.number().int().nullable().describe('Bytes'),
  error: z.string().nullable().describe("'An error occured' once every attempt failed"),
});
export type PdfStatusAnswer = z.infer<typeof pdfStatusAnswer>;

/** POST /postdata/generatePdf: the message shown as a 5-second toast, and where to follow the request. */
export const generatePdfAnswer = pdfStatusAnswer.extend({
  type: z.literal(1),
  message: z.string(),
  /** Whether the link will be mailed (signed-in readers only, to their own address). */
  mailed: z.boolean(),
});
export type GeneratePdfAnswer = z.infer<typeof generatePdfAnswer>;

export const publishPdfAnswer = z.object({ type: z.literal(1), message: z.string(), Url: z.string(), date: z.string() });
