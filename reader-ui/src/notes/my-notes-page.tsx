import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useMe } from '../ui/session';
import { loginHref } from '../ui/account-urls';
import { usePageTitle } from '../ui/use-page-title';
import { formatShortDateTime, machineDate } from '@epos/schemas/dates/formats';
import { usePagedList } from '../ui/use-paged-list';
import { Loading } from '../ui/loading';
import { LinkedText } from '../ui/linked-text';
import { fetchMyNotes, notesApi, notesCount, noteSentenceHref, type MyNote, type MyNotesPage } from './api';
import { notesPaths } from './paths';
import './notes.css';

/** How long typing pauses before the search goes to the server. */
const SEARCH_DELAY_MS = 250;

/** `/my/notes`: every note of the signed-in reader, newest first, searchable and downloadable as markdown. */
export default function MyNotesPage() {
  usePageTitle('My notes');
  const me = useMe();
  return (
    <section className="my-notes" aria-labelledby="my-notes-heading">
      <h1 id="my-notes-heading">My notes</h1>
      {me === null ? (
        <Loading />
      ) : !me.loggedIn ? (
        <p>
          <Link href={loginHref(notesPaths.myNotes)}>Log in</Link> to see your notes.
        </p>
      ) : (
        <MyNotesList />
      )}
    </section>
  );
}

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The reader's notes, newest first, searchable, with their markdown file (also My study's "Notes"). */
export function MyNotesList() {
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed, SEARCH_DELAY_MS).trim();
  const listRef = useRef<HTMLOListElement>(null);
  const searchId = useId();
  const list = usePagedList<MyNotesPage, MyNote>(
    `notes:${q}`,
    (page, signal) => fetchMyNotes(q, page, signal),
    (note) => note.NoteId,
    listRef,
    { announce: false },
  );

  return (
    <>
      <div className="my-notes-tools">
        <form className="my-notes-search" role="search" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={searchId}>Search my notes</label>
          <input
            id={searchId}
            className="input"
            type="search"
            name="q"
            value={typed}
            maxLength={200}
            autoComplete="off"
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        </form>
        {/* A plain link: the server sends the file as an attachment, so the page stays. */}
        <a className="button" href={notesApi.markdown(q)} download>
          Download as markdown
        </a>
      </div>
      <p className="my-notes-count muted" role="status">
        {list.status === 'ready' ? notesCount(list.header.total, q) : ''}
      </p>
      {list.status === 'loading' ? (
        <Loading />
      ) : list.status === 'failed' ? (
        <p className="error">{list.failure.message}</p>
      ) : list.items.length === 0 ? (
        <p className="muted">
          {q === '' ? 'You have no notes yet: open the study tools beside any sentence and choose “My notes”.' : 'No notes contain that.'}
        </p>
      ) : (
        <>
          <ol ref={listRef} className="my-notes-list">
            {list.items.map((note) => (
              <NoteItem key={note.NoteId} note={note} />
            ))}
          </ol>
          {list.more ? (
            <button type="button" className="button" disabled={list.loadingMore} onClick={list.loadMore}>
              {list.loadingMore ? 'Loading…' : 'Show more notes'}
            </button>
          ) : null}
        </>
      )}
    </>
  );
}

function NoteItem({ note }: { note: MyNote }) {
  const where = note.Sentencenumber === null ? 'A withdrawn sentence' : `Sentence ${note.Sentencenumber}`;
  const place = note.book === null ? null : `Book ${note.book}, Canto ${note.canto}, Section ${note.section}`;
  const saved = typeof note.savedAt === 'string' ? note.savedAt : note.savedAt.toISOString();
  return (
    <li className="my-note" data-testid="my-note">
      <p className="my-note-head">
        <Link href={noteSentenceHref(note)} className="my-note-sentence">
          {where}
        </Link>
        {place ? <span className="muted"> · {place}</span> : null}
      </p>
      <p className="my-note-text">
        <LinkedText text={note.Content} />
      </p>
      <p className="my-note-meta muted">
        <span className="my-note-kind">{note.Rtype}</span> · <time dateTime={machineDate(saved)}>{formatShortDateTime(saved)}</time>
      </p>
    </li>
  );
}
