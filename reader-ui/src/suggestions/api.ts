import type { SuggestionPart } from '@epos/schemas/suggestions/events';
import type { EditableValueAnswer } from '@epos/schemas/poem/responses';
import { postCommand, type PostOutcome } from '../accounts/api';
import { GENERIC_ERROR } from '../app/messages';
import { getJson } from '../scholarship/api';
import type { Loaded } from '../poem/api';

export type { SuggestionPart };

/** Editors review suggestions in the console (its own app: reached with a full page load). */
export const CONSOLE_SUGGESTIONS = '/admin/#/suggestions';

/** POST /postdata/suggestions: the reader's proposed text for one part of sentence `n`. */
export function suggestCorrection(n: number, part: SuggestionPart, proposed: string, reason: string): Promise<PostOutcome> {
  const why = reason.trim();
  return postCommand('/postdata/suggestions', { sentence: n, part, proposed, ...(why === '' ? {} : { reason: why }) });
}

/** POST /postdata/updatePoem: an editor's own change, saved at once. */
export function saveEdit(n: number, part: SuggestionPart, content: string): Promise<PostOutcome> {
  return postCommand('/postdata/updatePoem', { Key: part, Content: content, id: n });
}

/** The text of a part of sentence `n` now (`/api/dedit`), for the correction's form; only an abort throws. */
export async function fetchPartText(n: number, part: SuggestionPart, signal: AbortSignal): Promise<Loaded<string>> {
  const loaded = await getJson<EditableValueAnswer>(`/api/dedit/${n}/${part}`, GENERIC_ERROR, signal);
  return loaded.ok ? { ok: true, data: loaded.data.Content } : loaded;
}
