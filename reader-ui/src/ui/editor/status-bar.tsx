import { useDeferredValue, useMemo } from 'react';
import { countLabel } from '../count-label';
import { countLines, countWords } from './text-stats';
import { StorageUsage } from '../storage-usage';

/** Where the cursor is: line and column in the source; in the rich view only the line (of the block it is in). */
export interface CursorInfo {
  readonly line: number;
  readonly column?: number;
}

/** The status bar under the editor (spec section 9): autosave, lines, words and cursor; then what the writer's uploaded images take of their storage. */
export function StatusBar({ autosave, markdown, cursor }: { autosave: string; markdown: string; cursor: CursorInfo | null }) {
  const text = useDeferredValue(markdown);
  const lines = useMemo(() => countLines(text), [text]);
  const words = useMemo(() => countWords(text), [text]);
  return (
    <div className="post-editor-status" data-testid="post-editor-status">
      <span className="post-editor-autosave" data-testid="post-editor-autosave">
        {autosave}
      </span>
      <span>{countLabel(lines, 'line')}</span>
      <span>{countLabel(words, 'word')}</span>
      {cursor !== null && (
        <span title={cursor.column === undefined ? 'Source line of the block the cursor is in' : 'Line and column in the markdown source'}>
          Ln {cursor.line}
          {cursor.column !== undefined && `, Col ${cursor.column}`}
        </span>
      )}
      <StorageUsage />
    </div>
  );
}
