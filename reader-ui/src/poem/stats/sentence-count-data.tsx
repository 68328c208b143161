import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Edition } from '@epos/schemas/poem/editions';
import type { SentenceCount } from './api';
import { COMPUTED_BY_RULE } from './count-rules';
import { COUNTS_ROUTE } from './route';
import { sentenceCounts } from './sentence-counts';

const n = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** One sentence's counts as the stats projection keeps them (the CountData option of "Works on …"), shown inline. */
function countDataText(c: SentenceCount): string {
  return `${n(c.swordcount, 'word')} · ${n(c.ssyllablecount, 'syllable')} · ${n(c.scharcount, 'character')} (${c.scharspecialcount} special) · ${c.AvgSyllables} syllables a line`;
}

/** The edition a section's address names (/1/2/3/revised), else the first. */
export function editionOfPath(path: string): Edition {
  return (/^\/\d+\/\d+\/\d+\/(centenary|revised)\/?$/.exec(path)?.[1] as Edition | undefined) ?? 'first';
}

/** `edition`: by default the one the page's address names. */
export function SentenceCountData({ sentence, edition: asked, label = 'Counts' }: { sentence: number; edition?: Edition; label?: string }) {
  const [path] = useLocation();
  const edition = asked ?? editionOfPath(path);
  const [counts, setCounts] = useState<SentenceCount | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setCounts(undefined);
    void sentenceCounts(sentence, edition).then((c) => live && setCounts(c));
    return () => {
      live = false;
    };
  }, [sentence, edition]);
  if (counts === null) return null;
  return (
    <div className="works-text count-data" data-works="counts">
      <span className="extra-label">
        {label} · {COMPUTED_BY_RULE}
      </span>
      <p className="counts">
        {counts === undefined ? '…' : countDataText(counts)}{' '}
        <Link href={`${COUNTS_ROUTE}?from=${sentence}&to=${sentence}&lbl=${edition}`} aria-label={`Count statistics of sentence ${sentence}`}>
          per line
        </Link>
      </p>
      {counts && counts.Lines.length > 1 && (
        <ul className="visually-hidden">
          {counts.Lines.map((l, i) => (
            <li key={i}>{`Line ${i + 1}: ${n(l.lwordcount, 'word')}, ${n(l.lsyllablecount, 'syllable')}`}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
