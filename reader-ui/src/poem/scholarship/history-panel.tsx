import { useEffect, useId, useState } from 'react';
import { Loading } from '../../ui/loading';
import type { Result } from '../../ui/http';
import { fetchHistory } from './api';
import { DiffText } from './diff-text';
import { actorLabel, formatWhen, partLabel, type SentenceHistory } from './history';
import './scholarship.css';

/** Text longer than this, shown without a diff (media, relations), is cut short. */
const PLAIN_MAX = 240;

function shortened(text: string): string {
  return text.length > PLAIN_MAX ? `${text.slice(0, PLAIN_MAX)}…` : text;
}

/**
 * A sentence's revision history: a "History" disclosure that loads
 * /api/history/sentence/{n} when first opened and lists the changes, newest first.
 */
export function HistoryPanel({ n }: { n: number }) {
  const [open, setOpen] = useState(false);
  const summaryId = useId();
  return (
    <details className="history-panel" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary id={summaryId} className="history-summary">
        History
      </summary>
      {open && <HistoryList n={n} labelledBy={summaryId} />}
    </details>
  );
}

function HistoryList({ n, labelledBy }: { n: number; labelledBy: string }) {
  const [loaded, setLoaded] = useState<{ n: number; result: Result<SentenceHistory> } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchHistory(n, controller.signal).then(
      (result) => setLoaded({ n, result }),
      () => undefined,
    );
    return () => controller.abort();
  }, [n]);

  const result = loaded?.n === n ? loaded.result : null;
  if (result === null) return <Loading />;
  if (!result.ok)
    return (
      <p className="history-problem" role="alert">
        {result.message}
      </p>
    );
  const { entries } = result.data;
  if (entries.length === 0) return <p className="muted">No changes recorded.</p>;
  return (
    <ol className="history-list" aria-labelledby={labelledBy}>
      {entries.map((entry) => (
        <li key={entry.position} className="history-entry">
          <p className="history-meta">
            <strong>{partLabel(entry.part)}</strong>
            <span className="muted">
              {' · '}
              <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
              {' · '}
              {actorLabel(entry)}
              {entry.revision !== '' && ` · revision ${entry.revision}`}
            </span>
          </p>
          {entry.part === 'number' ? (
            <p className="diff-text">
              Numbered {entry.after}
              {entry.before !== null && ` (was ${entry.before})`}
            </p>
          ) : entry.diff !== null ? (
            <DiffText diff={entry.diff} />
          ) : entry.after !== null && entry.after !== '' ? (
            <p className="diff-text">{shortened(entry.after)}</p>
          ) : (
            <p className="muted">{entry.before !== null ? 'Removed.' : 'Recorded.'}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
