import { getJson } from '../ui/http';
import { suggestApiUrl } from './address';

/**
 * Up to 10 completions of what was typed; [] when the server has none or fails (the box then
 * says 'No results'). Only an abort (a newer keystroke) throws.
 */
export async function fetchSuggestions(q: string, signal: AbortSignal): Promise<string[]> {
  const answer = await getJson(suggestApiUrl(q), { signal });
  return answer.ok && Array.isArray(answer.data) ? answer.data.filter((s): s is string => typeof s === 'string') : [];
}
