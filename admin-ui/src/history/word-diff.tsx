import type { WordChangeAnswer } from '@epos/schemas/poem/responses';

/** A word diff as the server computes it (the reader's sentence history diff): insertions underlined, deletions struck. */
export function WordDiff({ diff }: { diff: readonly WordChangeAnswer[] }) {
  return (
    <span className="word-diff">
      {diff.map((part, i) =>
        part.op === 'insert' ? (
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
