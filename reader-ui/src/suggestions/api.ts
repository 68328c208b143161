import type { SuggestionPart } from '@epos/schemas/suggestions/events';
import type { EditableValueAnswer } from '@epos/schemas/poem/responses';
import type { SuggestionAnswer, SuggestionsAnswer } from '@epos/schemas/suggestions/responses';
import type { SuggestionStatus } from '@epos/schemas/suggestions/payloads';
import { postCommand, type PostOutcome } from '../accounts/api';
import { GENERIC_ERROR } from '../app/messages';
import { getJson } from '../scholarship/api';
import type { Loaded } from '../poem/api';

export type { SuggestionAnswer, SuggestionPart, SuggestionsAnswer, SuggestionStatus };

export const SUGGESTIONS_PATH = '/suggestions';

/** POST /postdata/suggestions: the reader's proposed text for one part of sentence `n`. */
export function suggestCorrection(n: number, part: SuggestionPart, proposed: string, reason: string): Promise<PostOutcome> {
  const why = reason.trim();
  return postCommand('/postdata/suggestions', { sentence: n, part, proposed, ...(why === '' ? {} : { reason: why }) });
}

/** POST /postdata/updatePoem: an editor's own change, saved at once. */
export function saveEdit(n: number, part: SuggestionPart, content: string): Promise<PostOutcome> {
  return postCommand('/postdata/updatePoem', { Key: part, Content: content, id: n });
}

export function acceptSuggestion(id: string): Promise<PostOutcome> {
  return postCommand(`/postdata/suggestions/${id}/accept`, {});
}

export function declineSuggestion(id: string, reason: string): Promise<PostOutcome> {
  return postCommand(`/postdata/suggestions/${id}/decline`, { reason });
}

/** The text of a part of sentence `n` now (`/api/dedit`), for the correction's form; only an abort throws. */
export async function fetchPartText(n: number, part: SuggestionPart, signal: AbortSignal): Promise<Loaded<string>> {
  const loaded = await getJson<EditableValueAnswer>(`/api/dedit/${n}/${part}`, GENERIC_ERROR, signal);
  return loaded.ok ? { ok: true, data: loaded.data.Content } : loaded;
}

/** The review queue: suggestions of one status (`after`: a decision's position, read your own writes). */
export async function fetchSuggestions(status: SuggestionStatus, signal: AbortSignal, after: string | null = null): Promise<Loaded<SuggestionsAnswer>> {
  try {
    const headers: Record<string, string> = { accept: 'application/json', ...(after === null ? {} : { 'X-Consistent-After': after }) };
    const response = await fetch(`/api/suggestions?status=${status}`, { headers, credentials: 'same-origin', signal });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      return { ok: false, status: response.status, message: typeof body?.message === 'string' ? body.message : GENERIC_ERROR };
    }
    return { ok: true, data: (await response.json()) as SuggestionsAnswer };
  } catch {
    return { ok: false, status: 0, message: GENERIC_ERROR };
  }
}

/** What to say when a suggestion or a decision was refused: the server's sentence (it names the field). */
export function refusal(outcome: PostOutcome): string {
  return outcome.result.ok ? '' : outcome.result.error;
}
