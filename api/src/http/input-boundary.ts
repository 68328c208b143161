import type { FastifyInstance } from 'fastify';
import { unsafeCharacterIn } from '@epos/schemas';
import { HttpError } from './error-handler.js';

const MAX_DEPTH = 32;

/** The first string (key or value) in `value` that is not safe text, with where it was found. */
function firstUnsafe(value: unknown, at: string, depth = 0): { field: string; message: string } | null {
  if (typeof value === 'string') {
    // Bidirectional controls are each field's own rule (its zod schema): a password may hold what a title may not.
    const problem = unsafeCharacterIn(value, { multiline: true, bidi: 'none' });
    return problem ? { field: at, message: problem } : null;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const field = at ? `${at}.${key}` : key;
    const inKey = unsafeCharacterIn(key, { multiline: false, bidi: 'all' });
    if (inKey) return { field, message: `name ${inKey}` };
    const found = firstUnsafe(item, field, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The input boundary for every route, with or without a schema: no path parameter, query value or
 * body string may carry NUL, controls other than tab and line breaks, or unpaired surrogates. The
 * routes' zod schemas (`lineText`, `multilineText`, `wholeNumber`) say more per field.
 */
export function registerInputBoundary(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found = firstUnsafe(request.params, '') ?? firstUnsafe(request.query, '') ?? firstUnsafe(request.body, '');
    if (!found) return;
    const field = found.field || 'body';
    throw new HttpError(400, 'validation', `Invalid ${field}: ${found.message}`, {}, [{ field, message: found.message }]);
  });
}
