import { useReducer, useSyncExternalStore } from 'react';
import { scriptLang } from '@epos/schemas/poem/script-lang';
import {
  forgetSentence,
  isLineShown,
  isWordShown,
  knownKey,
  KNOWN_STORAGE_KEY,
  markKnown,
  memoriseTokens,
  parseKnown,
  reveal,
  spokenLine,
  wordsIn,
  type Revealed,
} from './memorise';

// --- The known lines, shared by every sentence on the page and kept across visits ---

let known: readonly string[] | null = null;
const listeners = new Set<() => void>();

function readKnown(): readonly string[] {
  if (known === null) {
    try {
      known = parseKnown(localStorage.getItem(KNOWN_STORAGE_KEY));
    } catch {
      known = []; // storage refused (private mode): known lines last this visit
    }
  }
  return known;
}

function writeKnown(next: readonly string[]): void {
  known = next;
  try {
    if (next.length === 0) localStorage.removeItem(KNOWN_STORAGE_KEY);
    else localStorage.setItem(KNOWN_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // kept in memory only
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The Memorise option, in place of the verse: each line masked to the first letter of each word.
 * A click on a hidden word reveals it; per line, "Next word" reveals the next one, "Reveal line"
 * the whole line, and "Known" marks it as learnt (it then shows in full, on every visit, until
 * unmarked or forgotten). The masked form is hidden from screen readers, which hear the revealed
 * words and "blank" for each hidden one.
 */
export function MemoriseVerse({ n, sentenceId, lines }: { n: number; sentenceId: number; lines: readonly string[] }) {
  const [revealed, dispatch] = useReducer(reveal, new Map() as Revealed);
  const knownLines = useSyncExternalStore(subscribe, readKnown, readKnown);
  const keys = lines.map((text) => knownKey(sentenceId, text));
  const anyKnown = keys.some((key) => knownLines.includes(key));
  const lang = scriptLang(lines.join('\n'));

  return (
    <div className="memorise" role="group" aria-label={`Memorise sentence ${n}`}>
      <ol className="memorise-lines">
        {lines.map((text, i) => {
          const tokens = memoriseTokens(text);
          const words = wordsIn(tokens);
          const isKnown = knownLines.includes(keys[i]!);
          const open = isKnown || isLineShown(revealed, i, words);
          const where = (
            <span className="visually-hidden">
              {' '}
              (line {i + 1} of sentence {n})
            </span>
          );
          return (
            <li key={i} className={isKnown ? 'memorise-line is-known' : 'memorise-line'} data-testid="memorise-line">
              {open ? (
                <span className="verse-line" lang={lang}>
                  {text}
                </span>
              ) : (
                <>
                  <span className="verse-line masked" lang={lang} aria-hidden="true">
                    {tokens.map((token, k) =>
                      token.word === null ? (
                        token.text
                      ) : isWordShown(revealed, i, token.word) ? (
                        <span key={k} className="shown-word">
                          {token.text}
                        </span>
                      ) : (
                        <span key={k} className="masked-word" title="Reveal this word" onClick={() => dispatch({ type: 'word', line: i, word: token.word! })}>
                          {token.masked}
                        </span>
                      ),
                    )}
                  </span>
                  <span className="visually-hidden">{spokenLine(tokens, (word) => isWordShown(revealed, i, word))}</span>
                </>
              )}
              <span className="memorise-actions">
                {!open && (
                  <button type="button" className="memorise-button" onClick={() => dispatch({ type: 'next', line: i, words })}>
                    Next word{where}
                  </button>
                )}
                {!isKnown && (
                  <button
                    type="button"
                    className="memorise-button"
                    onClick={() => dispatch(open ? { type: 'hide', line: i } : { type: 'line', line: i, words })}
                  >
                    {open ? 'Hide line' : 'Reveal line'}
                    {where}
                  </button>
                )}
                <button type="button" className="memorise-button" aria-pressed={isKnown} onClick={() => writeKnown(markKnown(readKnown(), keys[i]!, !isKnown))}>
                  <span aria-hidden="true">{isKnown ? '✓ ' : ''}</span>
                  Known{where}
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      {anyKnown && (
        <button type="button" className="memorise-button memorise-forget" onClick={() => writeKnown(forgetSentence(readKnown(), sentenceId))}>
          Forget the known lines<span className="visually-hidden"> of sentence {n}</span>
        </button>
      )}
    </div>
  );
}
