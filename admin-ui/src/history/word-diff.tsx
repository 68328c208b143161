import type { HistoryDiffPart } from '@epos/schemas/admin/events';

/** "… 120 unchanged words …": the stretch of a long text a diff leaves out between its changes. */
const skippedWords = (words: number) => `… ${words} unchanged ${words === 1 ? 'word' : 'words'} …`;

/**
 * A word diff as the server computes it (the reader's sentence history diff): insertions
 * underlined, deletions struck, long unchanged stretches counted (a History tab's diff of a post).
 */
export function WordDiff({ diff }: { diff: readonly HistoryDiffPart[] }) {
  return (
    <span className="word-diff" style={{ whiteSpace: 'pre-wrap' }}>
      {diff.map((part, i) =>
        part.op === 'skip' ? (
          <span key={i} style={{ display: 'block', margin: '0.25em 0', fontStyle: 'italic', opacity: 0.75 }}>
            {skippedWords(part.words)}
          </span>
        ) : part.op === 'insert' ? (
          <ins key={i} style={{ background: 'rgba(46, 125, 50, 0.18)', textDecoration: 'underline' }}>
            {part.text}
          </ins>
        ) : part.op === 'delete' ? (
          <del key={i} style={{ background: 'rgba(198, 40, 40, 0.15)' }}>
            {part.text}
          </del>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </span>
  );
}
