import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useMe } from '../../ui/session';
import { accountMessages } from '@epos/schemas/accounts/messages';
import { useLoad } from '../../ui/use-load';
import { LinkedText } from '../../ui/linked-text';
import { formatShortDateTime } from '@epos/schemas/dates/formats';
import { SpinnerButton } from '../../ui/spinner-button';
import { useToast } from '../../ui/toast';
import { deleteNote, fetchNotes, saveNote, type StudyLine } from './api';
import { Busy, Failure, Modal } from '../../ui/modal';
import { validateNote, type Note } from './notes';
import type { ModalProps } from './state';

export function NotesModal({ line, onClose, returnTo }: ModalProps & { line: StudyLine }) {
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
    const note: Note = {
      NoteId: result.data.noteId ?? editing ?? '',
      Content: content.trim(),
      Sentencenumber: n,
      Rtype: 'note',
      savedAt: new Date().toISOString(),
    };
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
    done(
      result.data.message ?? accountMessages.noteDeleted,
      notes.filter((old) => old.NoteId !== note.NoteId),
    );
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
                        <button
                          type="button"
                          className="button"
                          aria-label={`Delete note: ${note.Content.slice(0, 40)}`}
                          onClick={() => setConfirming(note.NoteId)}
                        >
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
