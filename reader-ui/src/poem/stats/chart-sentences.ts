import { useEffect, useState } from 'react';
import { fetchCounts, type CountAnswer, type CountRange, type SentenceCount } from './api';
import { CHART_SENTENCES, chartPageCount } from './chart-cap';

/**
 * The sentences the charts draw: the range's, up to the cap, read a page at a time beside the
 * table's first page (`first`). Null while they are read; a page that fails ends them there.
 */
export function useChartSentences(range: CountRange, first: CountAnswer): SentenceCount[] | null {
  const [sentences, setSentences] = useState<SentenceCount[] | null>(null);
  useEffect(() => {
    const pages = chartPageCount(first.Paging.TotalPagesCount);
    if (pages <= 1) {
      setSentences(first.lcount.slice(0, CHART_SENTENCES));
      return;
    }
    setSentences(null);
    const controller = new AbortController();
    const rest = Array.from({ length: pages - 1 }, (_, i) => fetchCounts(range, i + 2, controller.signal));
    void Promise.all(rest)
      .then((answers) => {
        const read = [...first.lcount];
        for (const answer of answers) {
          if (!answer.ok) break;
          read.push(...answer.data.lcount);
        }
        setSentences(read.slice(0, CHART_SENTENCES));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [range, first]);
  return sentences;
}
