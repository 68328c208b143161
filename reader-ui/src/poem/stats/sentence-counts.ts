import type { Edition } from '@epos/schemas/poem/editions';
import { fetchCounts, type SentenceCount } from './api';

/**
 * Counts of single sentences for the "Works on …" CountData option. The sentences a section asks
 * for in one turn are fetched together, as one range (a page of /api/count at a time), and kept.
 */
const known = new Map<string, Promise<SentenceCount | null>>();
let pending: { edition: Edition; n: number; resolve: (c: SentenceCount | null) => void }[] = [];

const keyOf = (edition: Edition, n: number) => `${edition}:${n}`;

export function sentenceCounts(n: number, edition: Edition): Promise<SentenceCount | null> {
  const key = keyOf(edition, n);
  const cached = known.get(key);
  if (cached) return cached;
  const answer = new Promise<SentenceCount | null>((resolve) => {
    if (pending.length === 0) queueMicrotask(flush);
    pending.push({ edition, n, resolve });
  });
  known.set(key, answer);
  // A failed read is forgotten, so the next showing asks again.
  void answer.then((c) => c === null && known.delete(key));
  return answer;
}

/** Contiguous runs of the asked numbers (gaps over `gap` start a new run), so one far sentence never pulls a huge range. */
export function runsOf(numbers: readonly number[], gap = 50): { from: number; to: number }[] {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const runs: { from: number; to: number }[] = [];
  for (const n of sorted) {
    const last = runs.at(-1);
    if (last && n - last.to <= gap) last.to = n;
    else runs.push({ from: n, to: n });
  }
  return runs;
}

async function flush(): Promise<void> {
  const asked = pending;
  pending = [];
  const editionsAsked = [...new Set(asked.map((a) => a.edition))];
  for (const edition of editionsAsked) {
    const mine = asked.filter((a) => a.edition === edition);
    const found = new Map<number, SentenceCount>();
    for (const run of runsOf(mine.map((a) => a.n))) {
      for (let page = 1; ; page++) {
        const result = await fetchCounts({ ...run, edition }, page).catch(() => null);
        if (!result?.ok) break;
        for (const s of result.data.lcount) found.set(s.id, s);
        if (page >= result.data.Paging.TotalPagesCount) break;
      }
    }
    for (const a of mine) a.resolve(found.get(a.n) ?? null);
  }
}
