import type { CitationAnswer } from '@epos/schemas/cite/responses';
import type { Edition } from '@epos/schemas/poem/editions';
import { getJson, type Result } from '../../ui/http';

export type Citation = CitationAnswer;

const kept = new Map<string, Promise<Result<Citation>>>();

/** GET /api/cite/s/{id}?edition: a sentence cited in every format; kept for this visit once answered. */
export function fetchCitation(id: number, edition: Edition): Promise<Result<Citation>> {
  const key = `${id}:${edition}`;
  const known = kept.get(key);
  if (known) return known;
  const asked = getJson<Citation>(`/api/cite/s/${id}?edition=${edition}`).then((result) => {
    if (!result.ok) kept.delete(key);
    return result;
  });
  kept.set(key, asked);
  return asked;
}
