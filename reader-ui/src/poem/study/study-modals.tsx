import { useAtomValue } from 'jotai';
import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useMe } from '../../ui/session';
import { accountMessages } from '@epos/schemas/accounts/messages';
import { GENERIC_ERROR, NOT_FOUND } from '../../ui/messages';
import type { Result } from '../../ui/http';
import { LinkedText } from '../../ui/linked-text';
import { sentencePath } from '../../ui/poem-address';
import { formatShortDateTime } from '@epos/schemas/dates/formats';
import { SpinnerButton } from '../../ui/spinner-button';
import { useToast } from '../../ui/toast';
import { deleteNote, fetchMeaning, fetchNotes, fetchReading, picturesOf, saveNote, type DictionaryEntry, type StudyLine } from './api';
import { Busy, Failure, Modal } from '../../ui/modal';
import { validateNote, type Note } from './notes';
import { canGo, initialReading, readingReducer } from './readings';
import { studyContextAtom, type OpenStudy } from './state';
import { TranslationModal } from './translation-modal';
import { CommentaryModal } from './commentary-modal';
import { CorrectionModal } from '../suggestions/correction-modal';

/** The study modals, loaded on first use (React.lazy from StudyHost). */
export default function StudyModals({ open, onClose }: { open: OpenStudy; onClose: () => void }) {
  const { request, returnTo } = open;
  switch (request.kind) {
    case 'dictionary':
      return <DictionaryModal key={request.word} word={request.word} onClose={onClose} returnTo={returnTo} />;
    case 'notes':
      return <NotesModal line={request.line} onClose={onClose} returnTo={returnTo} />;
    case 'readings':
      return <ReadingsModal line={request.line} layer={request.layer} onClose={onClose} returnTo={returnTo} />;
    case 'pictures':
      return <PicturesModal line={request.line} onClose={onClose} returnTo={returnTo} />;
    case 'image':
      return <Lightbox title={request.title} src={request.src} alt={request.alt} onClose={onClose} returnTo={returnTo} />;
    case 'translation':
      return <TranslationModal n={request.n} lang={request.lang} section={request.section} onClose={onClose} returnTo={returnTo} />;
    case 'commentary':
      return <CommentaryModal key={request.n} n={request.n} layers={request.layers} onClose={onClose} returnTo={returnTo} />;
    case 'correction':
      return <CorrectionModal n={request.n} onClose={onClose} returnTo={returnTo} />;
    case 'text':
      return (
        <Modal title={request.title} onClose={onClose} returnTo={returnTo}>
          <Paragraphs text={request.text} />
        </Modal>
      );
  }
}

interface ModalProps {
  onClose: () => void;
  returnTo: HTMLElement | null;
}

function Paragraphs({ text }: { text: string }) {
  return (
    <div className="modal-text">
      {text
        .split(/\n{2,}/u)
        .filter((p) => p.trim() !== '')
        .map((p, i) => (
          <p key={i}>
            <LinkedText text={p} />
          </p>
        ))}
    </div>
  );
}

/** Loads once per `key`; null while loading. Aborted when the modal closes. */
function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<Result<T>>): Result<T> | null {
  const [state, setState] = useState<{ key: string; result: Result<T> } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (result) => setState({ key, result }),
      () => undefined,
    );
    return () => controller.abort();
  }, [key]);
  return state?.key === key ? state.result : null;
}

function DictionaryModal({ word, onClose, returnTo }: ModalProps & { word: string }) {
  const result = useLoad<DictionaryEntry>(word, (signal) => fetchMeaning(word, signal));
  const entry = result?.ok ? result.data : null;
  return (
    <Modal title={`Dictionary: ${word}`} onClose={onClose} returnTo={returnTo}>
      {result === null ? (
        <Busy />
      ) : !result.ok ? (
        <Failure message={result.message} />
      ) : entry === null || entry.mean.length === 0 ? (
        <Failure message={NOT_FOUND} />
      ) : (
        <>
          {entry.lemma !== undefined && entry.lemma.toLowerCase() !== word.toLowerCase() && (
            <p className="muted">
              {word} → <strong>{entry.lemma}</strong>
            </p>
          )}
          <Meanings meanings={entry.mean} />
          {entry.meanChambers !== undefined && entry.meanChambers.length > 0 && (
            <>
              <h3 className="extra-label">Another dictionary</h3>
              <Meanings meanings={entry.meanChambers} />
            </>
          )}
          <p className="modal-source">WordNet 3.1, Princeton University</p>
        </>
      )}
    </Modal>
  );
}

function Meanings({ meanings }: { meanings: DictionaryEntry['mean'] }) {
  return (
    <ol className="meanings">
      {meanings.map((m, i) => (
        <li key={i}>
          <span className="pos">{m.pos}</span> {m.definition}
          {m.examples.length > 0 && (
            <ul className="examples">
              {m.examples.map((example, j) => (
                <li key={j}>
                  <q>{example}</q>
                </li>
              ))}
            </ul>
          )}
          {m.synonyms.length > 0 && <p className="synonyms">Synonyms: {m.synonyms.join(', ')}</p>}
        </li>
      ))}
    </ol>
  );
}

function NotesModal({ line, onClose, returnTo }: ModalProps & { line: StudyLine }) {
  const n = line.lineNumber;
  const me = useMe();
  const toast = useToast();
  const loaded = useLoad<Note[]>(String(n), (signal) => fetchNotes(n, signal));
  // The list as this dialog changed it: the server's is read from a projection that may lag a moment.
  const [mine, setMine] = useState<Note[] | null>(null);
  const [content, setContent] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const notes = mine ?? (loaded?.ok ? loaded.data : []);

  const done = (message: string, next: Note[]) => {
    toast(message, 'success');
    // Also said inside the dialog: the page's toasts sit behind it (and are inert) while it is open.
    setSaved(message);
    setMine(next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = validateNote(content);
    setError(problem);
    setSaved(null);
    if (problem !== null) {
      textareaRef.current?.focus();
      return;
    }
    setBusy(true);
    const result = await saveNote(n, content, editing ?? undefined);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    const note: Note = { NoteId: result.data.noteId ?? editing ?? '', Content: content.trim(), Sentencenumber: n, Rtype: 'note', savedAt: new Date().toISOString() };
    done(result.data.message ?? accountMessages.noteSaved, editing === null ? [...notes, note] : notes.map((old) => (old.NoteId === editing ? note : old)));
    setEditing(null);
    setContent('');
  };

  const startEditing = (note: Note) => {
    setEditing(note.NoteId);
    setConfirming(null);
    setContent(note.Content);
    setError(null);
    textareaRef.current?.focus();
  };

  const remove = async (note: Note) => {
    if (busy) return;
    setBusy(true);
    const result = await deleteNote(note.NoteId);
    setBusy(false);
    setConfirming(null);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    if (editing === note.NoteId) {
      setEditing(null);
      setContent('');
    }
    done(result.data.message ?? accountMessages.noteDeleted, notes.filter((old) => old.NoteId !== note.NoteId));
  };

  return (
    <Modal title={`My notes on sentence ${n}`} onClose={onClose} returnTo={returnTo} initialFocus={textareaRef}>
      {me !== null && !me.loggedIn ? (
        <p>
          <Link href="/login">Log in</Link> to keep notes.
        </p>
      ) : (
        <>
          {loaded === null ? (
            <Busy />
          ) : !loaded.ok ? (
            <Failure message={loaded.message} />
          ) : notes.length === 0 ? (
            <p className="muted">No notes on this sentence yet.</p>
          ) : (
            <ul className="notes-list">
              {notes.map((note) => (
                <li key={note.NoteId} data-testid="note">
                  <p>
                    <LinkedText text={note.Content} />
                  </p>
                  {note.savedAt && <time dateTime={note.savedAt}>{formatShortDateTime(note.savedAt)}</time>}
                  <div className="note-actions">
                    {confirming === note.NoteId ? (
                      <>
                        <span>Delete this note?</span>
                        <button type="button" className="button" disabled={busy} onClick={() => void remove(note)}>
                          Delete
                        </button>
                        <button type="button" className="button" onClick={() => setConfirming(null)}>
                          Keep
                        </button>
                      </>
                    ) : (
                      <>
                        <button type="button" className="button" aria-label={`Edit note: ${note.Content.slice(0, 40)}`} onClick={() => startEditing(note)}>
                          Edit
                        </button>
                        <button type="button" className="button" aria-label={`Delete note: ${note.Content.slice(0, 40)}`} onClick={() => setConfirming(note.NoteId)}>
                          Delete
                        </button>
                      </>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <form className="note-form" onSubmit={(e) => void onSubmit(e)} noValidate>
            <label htmlFor={fieldId}>{editing === null ? 'Add a note' : 'Change the note'}</label>
            <textarea
              id={fieldId}
              ref={textareaRef}
              className="input"
              rows={4}
              value={content}
              aria-invalid={error !== null || undefined}
              aria-describedby={error !== null ? `${fieldId}-error` : undefined}
              onChange={(e) => setContent(e.currentTarget.value)}
            />
            {error !== null && (
              <p id={`${fieldId}-error`} className="modal-error" role="alert">
                {error}
              </p>
            )}
            <div className="note-actions">
              <SpinnerButton busy={busy} className="button-primary">
                {editing === null ? 'Save note' : 'Save changes'}
              </SpinnerButton>
              {editing !== null && (
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    setEditing(null);
                    setContent('');
                  }}
                >
                  Cancel
                </button>
              )}
            </div>
            <p className="modal-saved" role="status">
              {saved}
            </p>
          </form>
        </>
      )}
    </Modal>
  );
}

function ReadingsModal({ line, layer, onClose, returnTo }: ModalProps & { line: StudyLine; layer: string }) {
  const context = useAtomValue(studyContextAtom);
  const [state, dispatch] = useReducer(readingReducer, line.lineNumber, initialReading);
  const ref = context?.ref ?? null;

  useEffect(() => {
    if (ref === null) return;
    const controller = new AbortController();
    const id = state.id;
    fetchReading(ref, layer, id, controller.signal).then(
      (result) => dispatch(result.ok ? { type: 'loaded', id, reading: result.data } : { type: 'failed', id, message: result.message }),
      () => undefined,
    );
    return () => controller.abort();
  }, [state.id, layer, ref?.book, ref?.canto, ref?.section]);

  const shown = state.shown;
  const info = context?.layers.find((l) => l.key === layer);
  const title = shown ? `${shown.Label} · ${shown.Author}` : info ? `${info.label} · ${info.author}` : 'Readings';
  const nav = (to: 'prev' | 'next', label: string) => (
    <button
      type="button"
      className="button"
      aria-disabled={!canGo(state, to) || undefined}
      onClick={() => {
        if (canGo(state, to)) dispatch({ type: 'go', to });
      }}
    >
      {label}
    </button>
  );

  return (
    <Modal
      title={title}
      onClose={onClose}
      returnTo={returnTo}
      footer={
        <>
          {nav('prev', '← Previous')}
          {nav('next', 'Next →')}
        </>
      }
    >
      {ref === null ? (
        <Failure message={NOT_FOUND} />
      ) : (
        <div aria-busy={state.status === 'loading'}>
          {state.status === 'failed' && <Failure message={state.message} />}
          {state.status === 'loading' && <Busy />}
          {shown !== null && (
            <>
              <p className="extra-label">
                <Link href={sentencePath(shown.Current)}>Sentence {shown.Current}</Link>
              </p>
              <Paragraphs text={shown.Content} />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}

function PicturesModal({ line, onClose, returnTo }: ModalProps & { line: StudyLine }) {
  const pictures = picturesOf(line);
  const [shown, setShown] = useState<{ index: number; from: HTMLElement } | null>(null);
  const n = line.lineNumber;
  const label = (i: number) => `${pictures[i]!.kind} ${i + 1} of ${pictures.length}, sentence ${n}`;
  const current = shown === null ? undefined : pictures[shown.index];
  return (
    <>
      <Modal title={`Pictures of sentence ${n}`} onClose={onClose} returnTo={returnTo} wide>
        <ul className="thumbs">
          {pictures.map((p, i) => (
            <li key={`${p.image.ImageUrl}-${i}`}>
              <button type="button" className="thumb" onClick={(e) => setShown({ index: i, from: e.currentTarget })}>
                <img src={p.image.ImageThumbUrl || p.image.ImageUrl} alt={label(i)} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      </Modal>
      {shown !== null && current !== undefined && (
        <Lightbox title={label(shown.index)} src={current.image.ImageUrl} alt={label(shown.index)} onClose={() => setShown(null)} returnTo={shown.from} />
      )}
    </>
  );
}

/** The full image in its own dialog; Escape closes it and focus goes back to the thumbnail. */
function Lightbox({ title, src, alt, onClose, returnTo }: ModalProps & { title: string; src: string; alt: string }) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  return (
    <Modal title={title} onClose={onClose} returnTo={returnTo} wide>
      {state === 'loading' && <Busy />}
      {state === 'failed' && <Failure message={GENERIC_ERROR} />}
      <img
        className="lightbox-image"
        src={src}
        alt={alt}
        hidden={state !== 'ready'}
        onLoad={() => setState('ready')}
        onError={() => setState('failed')}
      />
    </Modal>
  );
}
