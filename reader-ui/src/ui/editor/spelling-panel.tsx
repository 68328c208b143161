import { countLabel } from '../count-label';
import { useSpelling } from './use-spelling';

/**
 * "Spelling: 3 words": the misspelt words of the markdown (checked with a British English
 * dictionary), each with suggestions that replace it everywhere it is checked,
 * and Ignore.
 */
export function SpellingPanel({ markdown, onReplace }: { markdown: string; onReplace: (word: string, replacement: string) => void }) {
  const { status, words, ignore, suggest } = useSpelling(markdown);
  const summary = status === 'unavailable' ? 'unavailable' : status === 'loading' ? 'checking…' : countLabel(words.length, 'word');
  return (
    <details className="post-editor-spelling" data-testid="post-editor-spelling">
      <summary>Spelling: {summary}</summary>
      {status === 'ready' && words.length === 0 && <p className="post-editor-hint">No misspelt words found.</p>}
      {words.length > 0 && (
        <ul className="post-editor-spelling-list">
          {words.map((m) => (
            <li key={m.word}>
              <span className="post-editor-misspelt" lang="en-GB">
                {m.word}
              </span>
              {m.count > 1 && <span className="post-editor-hint"> ×{m.count}</span>}
              <span className="post-editor-suggestions">
                {m.suggestions === null ? (
                  <button type="button" className="button button-small" onClick={() => suggest(m.word)}>
                    Suggest
                  </button>
                ) : m.suggestions.length === 0 ? (
                  <span className="post-editor-hint">no suggestions</span>
                ) : (
                  m.suggestions.map((s) => (
                    <button
                      key={s}
                      type="button"
                      className="button button-small"
                      onClick={() => onReplace(m.word, s)}
                      aria-label={`Replace ${m.word} with ${s}`}
                    >
                      {s}
                    </button>
                  ))
                )}
                <button type="button" className="button button-small button-quiet" onClick={() => ignore(m.word)} aria-label={`Ignore ${m.word}`}>
                  Ignore
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
