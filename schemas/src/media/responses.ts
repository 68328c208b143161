import { z } from 'zod';
import { notJson } from '../api/responses.js';

export const uploadedImageAnswer = z.object({
  status: z.union([z.literal(0), z.literal(1)]).describe('1: stored; 0: refused (see message)'),
  fileName: z.string().describe('The name the file was sent with'),
  fileUrl: z.string().describe('Where it is served (/media/files/<sha256>.<ext>); empty when refused'),
  message: z.string().optional().describe('Why it was refused'),
});
/** POST /postdata/media and /postdata/mediaAudio: one result per file sent, in order. */
export const imageUploadAnswer = z.array(uploadedImageAnswer);
export type UploadedImageAnswer = z.infer<typeof uploadedImageAnswer>;

/** GET /media/files/*, /media/demo/* and /media/uploads/* */
export const mediaFileAnswer = notJson('image/*, audio/*, application/pdf: the file, with an ETag (304 to a matching conditional request)');
