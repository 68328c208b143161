import { z } from 'zod';
import { editionSchema, languageSchema, wholeNumber } from '@epos/schemas';

export const sectionParams = z.object({ book: wholeNumber('book'), canto: wholeNumber('canto'), section: wholeNumber('section') });
export const sentenceParams = z.object({ n: wholeNumber('line number') });
export const sentenceIdParams = z.object({ id: wholeNumber('sentence id') });
/** `2026-01-31` (the end of that day, UTC) or an ISO date-time. */
export const asOfQuery = z.object({
  asOf: z.iso
    .datetime({ offset: true })
    .or(z.iso.date())
    .optional()
    .transform((v) => (v === undefined ? undefined : new Date(v.length === 10 ? `${v}T23:59:59.999Z` : v)))
    .describe('ISO date: as it stood then'),
});
export const editionQuery = z.object({
  edition: z.string().toLowerCase().pipe(editionSchema).optional().describe('first (default), centenary or revised'),
});
export const langQuery = z.object({ lang: z.string().toLowerCase().pipe(languageSchema).describe('sa, hi, fr, de, or or zh') });

/** `10-20`, `3,5,7-9`: sentence numbers, at most `max` of them, in order, without repeats. */
export function parseRange(text: string, max: number): number[] | 'too_many' | 'invalid' {
  const numbers = new Set<number>();
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d{1,7})(?:\s*-\s*(\d{1,7}))?$/.exec(part);
    if (!m) return 'invalid';
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < 1 || to < from) return 'invalid';
    if (to - from + 1 + numbers.size > max) return 'too_many';
    for (let n = from; n <= to; n++) numbers.add(n);
  }
  return [...numbers].sort((a, b) => a - b);
}
