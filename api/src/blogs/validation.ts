import type { z } from 'zod';
import { blogMessages, labelledMessage } from '@epos/schemas';
import { HttpError } from '../http/error-handler.js';

/**
 * Parses a body or query, or throws a 400 naming every field. Missing starred fields answer with
 * the spec's one message, "Fields marked with * are required".
 */
export function parseOr400<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message }));
  const missing = fields.filter((f) => f.message === blogMessages.required);
  const message = missing.length > 0 ? blogMessages.required : fields.map((f) => labelledMessage(f.field, f.message, 'always')).join('; ');
  throw new HttpError(400, 'validation', message, {}, missing.length > 0 ? missing : fields);
}
