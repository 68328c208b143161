import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { readerRoutes } from '@epos/schemas/reader-routes';
import { COLLECTION_NAME_MAX } from '@epos/schemas/study/vocabulary';
import { Busy, Modal } from '../../ui/modal';
import { useMe } from '../../ui/session';
import { useKept, useLoad } from '../../ui/use-load';
import { SpinnerButton } from '../../ui/spinner-button';
import { useToast } from '../../ui/toast';
import type { ModalProps } from '../study/state';
import { addBookmark, fetchSentenceBookmarks, makeCollection, removeBookmark, UNNAMED, type CollectionChoice } from './api';
import './bookmarks.css';

/**
 * Sentence n in the reader's collections: a box per collection ("Bookmarks" and those they named),
 * ticked where the sentence is, each tick saved at once; and a new collection made with it in.
 */
export function BookmarkModal({ n, onClose, returnTo }: ModalProps & { n: number }) {
  const me = useMe();
  const toast = useToast();
  const ids = useId();
  const firstRef = useRef<HTMLInputElement>(null);
  // The position of this dialog's last write: the list is read again once it can be seen.
  const [position, setPosition] = useState<string | null>(null);
  const loaded = useKept(useLoad(me?.loggedIn ? `${n}:${position ?? ''}` : null, (signal) => fetchSentenceBookmarks(n, { signal, after: position })));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [name, setName] = useState('');
  // The first box takes focus once the list has come (the dialog opens before it).
  const focused = useRef(false);
  useEffect(() => {
    if (loaded?.ok && !focused.current && firstRef.current) {
      focused.current = true;
      firstRef.current.focus();
    }
  }, [loaded]);

  const done = (message: string, at: string | null) => {
    toast(message, 'success');
    // Also said inside the dialog: the page's toasts sit behind it while it is open.
    setSaved(message);
    setPosition(at);
  };

  const toggle = async (collectionId: CollectionChoice, label: string, bookmarkId: string | undefined) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = bookmarkId === undefined ? await addBookmark(n, collectionId) : await removeBookmark(bookmarkId);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    done(bookmarkId === undefined ? `Added to ${label}.` : `Removed from ${label}.`, result.position);
  };

  const onMake = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setSaved(null);
    if (name.trim() === '') {
      setError('Give the collection a name');
      return;
    }
    setBusy(true);
    const made = await makeCollection(name.trim());
    const added = made.ok ? await addBookmark(n, made.data.collectionId, made.position) : made;
    setBusy(false);
    if (!added.ok) {
      setError(added.message);
      return;
    }
    done(`Added to ${name.trim()}.`, added.position);
    setName('');
  };

  if (me !== null && !me.loggedIn) {
    return (
      <Modal title={`Bookmark sentence ${n}`} onClose={onClose} returnTo={returnTo}>
        <p>
          <Link href="/login">Log in</Link> to bookmark.
        </p>
      </Modal>
    );
  }

  const answer = loaded?.ok ? loaded.data : null;
  const inCollection = (collectionId: CollectionChoice) => answer?.bookmarks.find((b) => b.collectionId === collectionId)?.bookmarkId;
  const choices = answer ? [{ collectionId: null, name: UNNAMED }, ...answer.collections] : [];

  return (
    <Modal title={`Bookmark sentence ${n}`} onClose={onClose} returnTo={returnTo}>
      {loaded === null ? (
        <Busy />
      ) : !loaded.ok ? (
        <p className="modal-error">{loaded.message}</p>
      ) : (
        <>
          <fieldset className="bookmark-collections" aria-busy={busy}>
            <legend>Keep it in</legend>
            {choices.map((c, i) => {
              const bookmarkId = inCollection(c.collectionId);
              return (
                <label key={c.collectionId ?? ''} className="bookmark-collection">
                  <input
                    ref={i === 0 ? firstRef : undefined}
                    type="checkbox"
                    checked={bookmarkId !== undefined}
                    disabled={busy}
                    onChange={() => void toggle(c.collectionId, c.name, bookmarkId)}
                  />
                  {c.name}
                </label>
              );
            })}
          </fieldset>
          <form className="bookmark-new" onSubmit={(e) => void onMake(e)} noValidate>
            <label htmlFor={`${ids}-name`}>New collection</label>
            <div className="bookmark-new-row">
              <input
                id={`${ids}-name`}
                className="input"
                type="text"
                autoComplete="off"
                maxLength={COLLECTION_NAME_MAX}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              <SpinnerButton busy={busy} className="button-primary">
                Make and add
              </SpinnerButton>
            </div>
          </form>
        </>
      )}
      {error !== null && (
        <p className="modal-error" role="alert">
          {error}
        </p>
      )}
      <p className="modal-saved" role="status">
        {saved}
      </p>
      <p>
        <Link href={`${readerRoutes.myStudy.path}#bookmarks`}>All my bookmarks</Link>
      </p>
    </Modal>
  );
}
