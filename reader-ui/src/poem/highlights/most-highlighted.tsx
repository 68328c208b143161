import { useState } from 'react';
import { Link } from 'wouter';
import type { MostHighlightedAnswer } from '@epos/schemas/study/payloads';
import { getJson } from '../../ui/http';
import { useLoad } from '../../ui/use-load';
import { sectionPath, type SectionAddress } from '../../ui/poem-address';
import './most-highlighted.css';

/**
 * A canto's most highlighted lines (only those at least five readers who share their counts marked),
 * closed until the reader opens it: read then, and kept.
 */
export function MostHighlighted({ address }: { address: SectionAddress }) {
  const [open, setOpen] = useState(false);
  const key = `most-highlighted:${address.book}.${address.canto}:${address.edition}`;
  const loaded = useLoad(open ? key : null, (signal) =>
    getJson<MostHighlightedAnswer>(`/api/poem/most-highlighted/${address.book}/${address.canto}?edition=${address.edition}`, { signal }),
  );
  return (
    <details className="most-highlighted" onToggle={(e) => setOpen(open || e.currentTarget.open)}>
      <summary>Most highlighted lines in this canto</summary>
      {loaded === null ? (
        <p className="muted">Loading…</p>
      ) : !loaded.ok ? (
        <p className="error">{loaded.message}</p>
      ) : loaded.data.lines.length === 0 ? (
        <p className="muted">
          No line here has been highlighted by {loaded.data.minReaders} readers who share their counts yet. Readers choose to share in My study.
        </p>
      ) : (
        <ol className="most-highlighted-lines">
          {loaded.data.lines.map((l) => (
            <li key={`${l.sentence}.${l.line}`}>
              <Link href={sectionPath({ ...address, section: l.section }, l.sentence)}>“{l.text}”</Link>{' '}
              <span className="muted">
                sentence {l.sentence}, line {l.line} · {l.readers} readers
              </span>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
