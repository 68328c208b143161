import { suggestApiUrl } from './address';

/**
 * Up to 10 completions of what was typed; [] when the server has none or fails (the box then
 * says 'No results'). Only an abort (a newer keystroke) throws.
 */
export async function fetchSuggestions(q: string, signal: AbortSignal): Promise<string[]> {
  try {
    const response = await fetch(suggestApiUrl(q), { headers: { accept: 'application/json' }, signal });
    if (!response.ok) return [];
    const body: unknown = await response.json();
    return Array.isArray(body) ? body.filter((s): s is string => typeof s === 'string') : [];
  } catch (error) {
    if (signal.aborted) throw error;
    return [];
  }
}
