import { diffSegments, type DiffPart } from './history';
import './scholarship.css';

/**
 * A word diff as inline <ins>/<del>: coloured and underlined or struck through (so not
 * by colour alone), and announced as "inserted" / "deleted" to screen readers.
 */
export function DiffText({ diff, before, after }: { diff: readonly DiffPart[] | null; before?: string | null; after?: string | null }) {
  const segments = diffSegments(diff, before, after);
  if (segments.length === 0) return <p className="diff-text muted">(empty)</p>;
  return (
    <p className="diff-text">
      {segments.map((segment, i) => {
        if (segment.kind === 'insert')
          return (
            <ins key={i}>
              <span className="visually-hidden">[inserted: </span>
              {segment.text}
              <span className="visually-hidden">]</span>
            </ins>
          );
        if (segment.kind === 'delete')
          return (
            <del key={i}>
              <span className="visually-hidden">[deleted: </span>
              {segment.text}
              <span className="visually-hidden">]</span>
            </del>
          );
        return <span key={i}>{segment.text}</span>;
      })}
    </p>
  );
}
