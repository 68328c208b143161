import { z } from 'zod';

/** The one error shape every API error response uses. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string().describe('Short machine-readable code, e.g. "validation", "conflict"'),
  message: z.string().describe('A sentence a person can read'),
  fields: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .optional()
    .describe('For validation errors: each field at fault and what it expects'),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
