import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import { highlightColours, highlightStyles, type HighlightColour, type HighlightStyle } from '@epos/schemas/study/vocabulary';
import type { PlacedHighlight } from '@epos/schemas/study/payloads';
import { quoteOf, type TextRange } from '@epos/schemas/study/text-quote';
import { editionNames } from '@epos/schemas/poem/editions';
import { Busy, Modal } from '../../ui/modal';
import { useMe } from '../../ui/session';
import { SpinnerButton } from '../../ui/spinner-button';
import { useToast } from '../../ui/toast';
import { parseSectionPath } from '../../ui/poem-address';
import { verseOf } from '../sentence-view';
import type { StudyLine } from '../study/api';
import type { ModalProps } from '../study/state';
import { changeHighlight, makeHighlight, removeHighlight } from './api';
import { colourNames, styleNames } from './names';
import { highlightSentence, highlightsWrittenAtom, sectionHighlightsAtom } from './state';
import { sentenceTextOf, wordSpan, wordsOf, type Word } from './text-ranges';
import './highlights.css';

/** A highlight's words as the list shows them: quoted, shortened when long. */
const quoted = (text: string) => `“${text.length > 120 ? `${text.slice(0, 117)}…` : text}”`;

/** The words chosen, the sentence around them dimmed: what the highlight will cover. */
function Preview({ text, range, colour }: { text: string; range: TextRange; colour: HighlightColour }) {
  return (
    <p className="highlight-preview verse-preview" aria-hidden="true">
      {text.slice(0, range.start)}
      <mark className={`swatch-${colour}`}>{text.slice(range.start, range.end)}</mark>
      {text.slice(range.end)}
    </p>
  );
}

/** One end of the highlighted words, chosen by its place in the sentence. */
function WordChoice({
  label,
  words,
  value,
  onChange,
  selectRef,
}: {
  label: string;
  words: readonly Word[];
  value: number;
  onChange: (value: number) => void;
  selectRef?: RefObject<HTMLSelectElement | null>;
}) {
  return (
    <label>
      {label}
      <select ref={selectRef} className="input" value={value} onChange={(e) => onChange(Number(e.currentTarget.value))}>
        {words.map((word, i) => (
          <option key={i} value={i}>
            {i + 1}. {word.text}
          </option>
        ))}
      </select>
    </label>
  );
}

function Choices<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="highlight-choices">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="highlight-choice">
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          <span className={`highlight-swatch swatch-${option}`} aria-hidden="true" />
          {labels[option]}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Make, change and remove the reader's highlights on one sentence: the words (first and last word,
 * chosen from the selection or by keyboard), a colour and a style (named, so colour is never the only
 * cue), an optional note; and the sentence's highlights listed, those no longer placed said so.
 */
export function HighlightModal({ line, range: selected, onClose, returnTo }: ModalProps & { line: StudyLine; range?: TextRange | undefined }) {
  const n = line.lineNumber;
  const me = useMe();
  const toast = useToast();
  const [location] = useLocation();
  const edition = parseSectionPath(location)?.edition ?? 'first';
  const loaded = useAtomValue(sectionHighlightsAtom);
  const setWritten = useSetAtom(highlightsWrittenAtom);
  const text = useMemo(() => sentenceTextOf(verseOf(line)), [line]);
  const words = useMemo(() => wordsOf(text), [text]);
  const initial = (selected && wordSpan(words, selected)) ?? { first: 0, last: Math.max(words.length - 1, 0) };
  const [first, setFirst] = useState(initial.first);
  const [last, setLast] = useState(initial.last);
  const [colour, setColour] = useState<HighlightColour>('yellow');
  const [style, setStyle] = useState<HighlightStyle>('fill');
  const [note, setNote] = useState('');
  const [editing, setEditing] = useState<PlacedHighlight | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  // Highlights this dialog removed, hidden until the list is read again.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const firstRef = useRef<HTMLSelectElement>(null);
  const ids = useId();

  const mine = (loaded?.list ?? []).filter((h) => highlightSentence(h) === n && !removed.has(h.highlightId));
  const range: TextRange | null = words.length === 0 ? null : { start: words[Math.min(first, last)]!.start, end: words[Math.max(first, last)]!.end };

  const done = (message: string, position: string | null) => {
    toast(message, 'success');
    // Also said inside the dialog: the page's toasts sit behind it while it is open.
    setSaved(message);
    setWritten({ position, at: Date.now() });
  };

  const startEditing = (highlight: PlacedHighlight) => {
    setEditing(highlight);
    setColour(highlight.colour);
    setStyle(highlight.style);
    setNote(highlight.note ?? '');
    setConfirming(null);
    setError(null);
    setSaved(null);
  };

  const stopEditing = () => {
    setEditing(null);
    setNote('');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setSaved(null);
    if (editing === null && range === null) {
      setError('Select the words to highlight');
      return;
    }
    setBusy(true);
    const result =
      editing !== null
        ? await changeHighlight(editing.highlightId, { colour, style, note: note.trim() })
        : await makeHighlight({ sentence: n, edition, ...quoteOf(text, range!), colour, style, ...(note.trim() ? { note: note.trim() } : {}) });
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    done(editing !== null ? 'Highlight changed.' : 'Highlighted.', result.position);
    stopEditing();
  };

  const remove = async (highlight: PlacedHighlight) => {
    if (busy) return;
    setBusy(true);
    const result = await removeHighlight(highlight.highlightId);
    setBusy(false);
    setConfirming(null);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    if (editing?.highlightId === highlight.highlightId) stopEditing();
    setRemoved((old) => new Set([...old, highlight.highlightId]));
    // Its buttons are gone with it: focus goes on to the form.
    firstRef.current?.focus();
    done('Highlight removed.', result.position);
  };

  const where = (highlight: PlacedHighlight) => {
    if (highlight.sentence === null) return 'Its words are no longer in the poem';
    if (highlight.places[edition] === null) return `Not in the ${editionNames[edition]} edition`;
    return null;
  };

  if (me !== null && !me.loggedIn) {
    return (
      <Modal title={`Highlight sentence ${n}`} onClose={onClose} returnTo={returnTo}>
        <p>
          <Link href="/login">Log in</Link> to highlight.
        </p>
      </Modal>
    );
  }

  return (
    <Modal title={`My highlights in sentence ${n}`} onClose={onClose} returnTo={returnTo} initialFocus={firstRef}>
      {loaded === null ? (
        <Busy />
      ) : mine.length > 0 ? (
        <ul className="highlights-list">
          {mine.map((highlight) => (
            <li key={highlight.highlightId} data-testid="highlight">
              <p>
                <span className={`highlight-swatch swatch-${highlight.colour}`} aria-hidden="true" />
                <span className="highlight-quote">{quoted(highlight.exact)}</span>{' '}
                <span className="muted">
                  {colourNames[highlight.colour]}, {styleNames[highlight.style].toLowerCase()}
                </span>
              </p>
              {where(highlight) !== null && <p className="muted">{where(highlight)}</p>}
              {highlight.note !== null && <p className="highlight-note">{highlight.note}</p>}
              <div className="note-actions">
                {confirming === highlight.highlightId ? (
                  <>
                    <span>Remove this highlight?</span>
                    <button type="button" className="button" disabled={busy} onClick={() => void remove(highlight)}>
                      Remove
                    </button>
                    <button type="button" className="button" autoFocus onClick={() => setConfirming(null)}>
                      Keep
                    </button>
                  </>
                ) : (
                  <>
                    <button type="button" className="button" aria-label={`Change highlight ${quoted(highlight.exact)}`} onClick={() => startEditing(highlight)}>
                      Change
                    </button>
                    <button
                      type="button"
                      className="button"
                      aria-label={`Remove highlight ${quoted(highlight.exact)}`}
                      onClick={() => setConfirming(highlight.highlightId)}
                    >
                      Remove
                    </button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No highlights in this sentence yet.</p>
      )}
      <form className="highlight-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <h3 className="highlight-form-title">{editing === null ? 'Highlight words' : `Change ${quoted(editing.exact)}`}</h3>
        {editing === null && words.length > 0 && (
          <>
            <div className="highlight-words">
              <WordChoice label="From" words={words} value={first} onChange={setFirst} selectRef={firstRef} />
              <WordChoice label="To" words={words} value={last} onChange={setLast} />
            </div>
            {range !== null && <Preview text={text} range={range} colour={colour} />}
          </>
        )}
        <Choices legend="Colour" name={`${ids}-colour`} options={highlightColours} labels={colourNames} value={colour} onChange={setColour} />
        <Choices legend="Style" name={`${ids}-style`} options={highlightStyles} labels={styleNames} value={style} onChange={setStyle} />
        <label htmlFor={`${ids}-note`}>Note (optional)</label>
        <textarea id={`${ids}-note`} className="input" rows={3} value={note} maxLength={5000} onChange={(e) => setNote(e.currentTarget.value)} />
        {error !== null && (
          <p className="modal-error" role="alert">
            {error}
          </p>
        )}
        <div className="note-actions">
          <SpinnerButton busy={busy} className="button-primary">
            {editing === null ? 'Highlight' : 'Save changes'}
          </SpinnerButton>
          {editing !== null && (
            <button type="button" className="button" onClick={stopEditing}>
              Cancel
            </button>
          )}
        </div>
        <p className="modal-saved" role="status">
          {saved}
        </p>
      </form>
    </Modal>
  );
}
