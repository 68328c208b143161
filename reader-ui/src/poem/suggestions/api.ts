import type { SuggestionPart } from '@epos/schemas/suggestions/events';
import type { EditableValueAnswer } from '@epos/schemas/poem/responses';
import { postCommand, type Done } from '../../ui/command';
import { GENERIC_ERROR } from '../../ui/messages';
import { getJson, mapResult, type Result } from '../../ui/http';

export type { SuggestionPart };

/** POST /postdata/suggestions: the reader's proposed text for one part of sentence `n`. */
export function suggestCorrection(n: number, part: SuggestionPart, proposed: string, reason: string): Promise<Result<Done>> {
  const why = reason.trim();
  return postCommand('/postdata/suggestions', { sentence: n, part, proposed, ...(why === '' ? {} : { reason: why }) });
}

/** POST /postdata/updatePoem: an editor's own change, saved at once. */
export function saveEdit(n: number, part: SuggestionPart, content: string): Promise<Result<Done>> {
  return postCommand('/postdata/updatePoem', { Key: part, Content: content, id: n });
}

/** The text of a part of sentence `n` now (`/api/dedit`), for the correction's form; only an abort throws. */
export async function fetchPartText(n: number, part: SuggestionPart, signal: AbortSignal): Promise<Result<string>> {
  return mapResult(await getJson<EditableValueAnswer>(`/api/dedit/${n}/${part}`, { signal, notFound: GENERIC_ERROR }), (value) => value.Content);
}
