import { z } from 'zod';
import { isoMoment } from '../api/responses.js';
import { wholeNumber } from '../api/input.js';
import { mediaKindSchema } from '../poem/vocabulary.js';
import { mediaHashSchema, uploadKindSchema } from './events.js';

/** `POST /api/Media?s=&f=`: the sentence (f=Sentence) or running section number (f=Section); `kind` picks how images attach (painting by default). */
export const apiMediaQuery = z.object({
  s: wholeNumber('s', { min: 1 }),
  f: z.enum(['Section', 'Sentence'], { message: 'f: Section or Sentence' }),
  kind: z.enum(['painting', 'sketch', 'diagram', 'artistImage'], { message: 'kind: painting, sketch, diagram or artistImage' }).optional(),
});
export type ApiMediaQuery = z.output<typeof apiMediaQuery>;

/** The spec's sentence/section media upload response: FilesData (each with name) and NotdoneFiles (names, with the reason). */
export const apiMediaAnswer = z.object({
  FilesData: z.array(
    z.object({
      name: z.string().describe('The file name it was sent with'),
      field: z.string().describe('The form field (file0, file1, …)'),
      fileUrl: z.string(),
      sentence: z.number().int().describe('The running number of the sentence it was attached to'),
      kind: mediaKindSchema,
    }),
  ),
  NotdoneFiles: z.array(z.object({ name: z.string(), field: z.string(), reason: z.string() })),
});
export type ApiMediaAnswer = z.infer<typeof apiMediaAnswer>;

/** Where an upload is shown: a sentence's media of a kind, or a book's or canto's images. */
export const mediaUseAnswer = z.object({
  place: z.enum(['sentence', 'book', 'canto']),
  sentenceId: z.number().int().nullable(),
  sentence: z.number().int().nullable().describe('Running number now (null when withdrawn)'),
  book: z.number().int().nullable(),
  canto: z.number().int().nullable(),
  kind: mediaKindSchema.nullable(),
  position: z.number().int(),
});
export type MediaUseAnswer = z.infer<typeof mediaUseAnswer>;

/** One upload in the console's Media resource (id = its hash). */
export const adminMediaAnswer = z.object({
  id: mediaHashSchema,
  kind: uploadKindSchema,
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationSeconds: z.number().nullable(),
  originalName: z.string(),
  uploader: z.string(),
  uploadedAt: isoMoment,
  url: z.string(),
  thumbUrl: z.string().nullable(),
  webUrl: z.string().nullable(),
  useCount: z.number().int(),
  uses: z.array(mediaUseAnswer),
});
export type AdminMediaAnswer = z.infer<typeof adminMediaAnswer>;
export const adminMediaListAnswer = z.array(adminMediaAnswer);

export const adminMediaParams = z.object({ id: mediaHashSchema });
/** Attach to a sentence by its running number as a kind (images: painting, sketch, diagram, artistImage; audio: audio), at the end of its list. */
export const adminAttachBody = z.object({
  sentence: wholeNumber('sentence', { min: 1, message: 'Sentence Number Required' }),
  kind: mediaKindSchema,
  title: z.string().max(500).optional(),
});
export const adminDetachBody = z.object({ sentence: wholeNumber('sentence', { min: 1, message: 'Sentence Number Required' }), kind: mediaKindSchema });
/** Put another upload (`with`) where this one is shown on the sentence, keeping its place in the list. */
export const adminReplaceBody = adminDetachBody.extend({ with: mediaHashSchema });
