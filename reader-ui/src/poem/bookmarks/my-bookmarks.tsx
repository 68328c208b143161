import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { formatShortDateTime, machineDate } from '@epos/schemas/dates/formats';
import { COLLECTION_NAME_MAX } from '@epos/schemas/study/vocabulary';
import { useKept, useLoad } from '../../ui/use-load';
import { Loading } from '../../ui/loading';
import { useToast } from '../../ui/toast';
import { sectionPath } from '../../ui/poem-address';
import { BookChoice, Downloads, OrderChoice } from '../highlights/my-study-controls';
import type { Result } from '../../ui/http';
import {
  bookmarksUrl,
  fetchMyBookmarks,
  moveBookmark,
  removeBookmark,
  removeCollection,
  renameCollection,
  UNNAMED,
  type Bookmark,
  type BookmarksFilter,
  type Collection,
  type CollectionChoice,
} from './api';
import './bookmarks.css';

/** My study's bookmarks: by collection, order and book, each to open, move or remove; collections renamed and removed. */
export function MyBookmarks() {
  const ids = useId();
  const toast = useToast();
  const [filter, setFilter] = useState<BookmarksFilter>({ order: 'poem' });
  const [position, setPosition] = useState<string | null>(null);
  const group = JSON.stringify(filter);
  const loaded = useKept(
    useLoad(`${group}:${position ?? ''}`, (signal) => fetchMyBookmarks(filter, { signal, after: position })),
    group,
  );
  const answer = loaded?.ok ? loaded.data : null;
  const nameOf = (collectionId: CollectionChoice) =>
    collectionId === null ? UNNAMED : (answer?.collections.find((c) => c.collectionId === collectionId)?.name ?? '');

  /** A write's outcome said, and the list read again once it shows it. */
  const written = async (result: Promise<Result<unknown>>, message: string): Promise<boolean> => {
    const outcome = await result;
    if (!outcome.ok) {
      toast(outcome.message, 'error', 6000);
      return false;
    }
    toast(message, 'success');
    setPosition(outcome.position);
    return true;
  };

  return (
    <>
      <form className="my-study-filters" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={`${ids}-collection`}>Collection</label>
        <select
          id={`${ids}-collection`}
          className="input"
          value={filter.collection ?? ''}
          onChange={(e) => setFilter({ ...filter, collection: e.currentTarget.value === '' ? undefined : e.currentTarget.value })}
        >
          <option value="">Every collection</option>
          <option value="unnamed">{UNNAMED}</option>
          {(answer?.collections ?? []).map((c) => (
            <option key={c.collectionId} value={c.collectionId}>
              {c.name}
            </option>
          ))}
        </select>
        <OrderChoice id={`${ids}-order`} value={filter.order} onChange={(order) => setFilter({ ...filter, order })} />
        <BookChoice id={`${ids}-book`} value={filter.book} onChange={(book) => setFilter({ ...filter, book })} />
      </form>
      <Downloads markdown={bookmarksUrl(filter, '.md')} json={bookmarksUrl(filter, '.json')} />
      {answer !== null && answer.collections.length > 0 && (
        <details className="bookmark-manage">
          <summary>My collections ({answer.collections.length})</summary>
          <ul className="bookmark-manage-list">
            {answer.collections.map((c) => (
              <CollectionItem key={c.collectionId} collection={c} written={written} onRemoved={() => setFilter({ ...filter, collection: undefined })} />
            ))}
          </ul>
        </details>
      )}
      <p className="muted" role="status">
        {answer ? (answer.bookmarks.length === 1 ? '1 bookmark' : `${answer.bookmarks.length} bookmarks`) : ''}
      </p>
      {loaded === null ? (
        <Loading />
      ) : !loaded.ok ? (
        <p className="error">{loaded.message}</p>
      ) : loaded.data.bookmarks.length === 0 ? (
        <p className="muted">No bookmarks here yet: open the study tools beside a sentence and choose “Bookmark”.</p>
      ) : (
        <ol className="my-study-list">
          {loaded.data.bookmarks.map((b) => (
            <li key={b.bookmarkId} data-testid="my-bookmark">
              <BookmarkItem bookmark={b} collections={loaded.data.collections} collectionName={nameOf(b.collectionId)} written={written} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

type Written = (result: Promise<Result<unknown>>, message: string) => Promise<boolean>;

function BookmarkItem({
  bookmark: b,
  collections,
  collectionName,
  written,
}: {
  bookmark: Bookmark;
  collections: readonly Collection[];
  collectionName: string;
  written: Written;
}) {
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const act = async (result: Promise<Result<unknown>>, message: string) => {
    setBusy(true);
    await written(result, message);
    setBusy(false);
  };
  const label = b.sentence === null ? 'a withdrawn sentence' : `sentence ${b.sentence}`;
  return (
    <article className="my-highlight">
      {b.excerpt !== '' && <blockquote className="my-highlight-quote">{b.excerpt}</blockquote>}
      <p className="muted">
        {b.sentence === null || b.where === null ? (
          'A sentence no longer in the poem'
        ) : (
          <Link href={sectionPath({ ...b.where, edition: 'first' }, b.sentence)}>
            Sentence {b.sentence} · Book {b.where.book}, Canto {b.where.canto}, Section {b.where.section}
          </Link>
        )}{' '}
        · {collectionName} · <time dateTime={machineDate(b.addedAt)}>{formatShortDateTime(b.addedAt)}</time>
      </p>
      <div className="bookmark-actions">
        <label htmlFor={`${ids}-move`}>Move to</label>
        <select
          id={`${ids}-move`}
          className="input"
          disabled={busy}
          value={b.collectionId ?? ''}
          onChange={(e) => {
            const to = e.currentTarget.value === '' ? null : e.currentTarget.value;
            const name = to === null ? UNNAMED : (collections.find((c) => c.collectionId === to)?.name ?? '');
            void act(moveBookmark(b.bookmarkId, to), `Moved to ${name}.`);
          }}
        >
          <option value="">{UNNAMED}</option>
          {collections.map((c) => (
            <option key={c.collectionId} value={c.collectionId}>
              {c.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-label={`Remove the bookmark of ${label}`}
          onClick={() => void act(removeBookmark(b.bookmarkId), 'Bookmark removed.')}
        >
          Remove
        </button>
      </div>
    </article>
  );
}

function CollectionItem({ collection: c, written, onRemoved }: { collection: Collection; written: Written; onRemoved: () => void }) {
  const ids = useId();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(c.name);
  const [busy, setBusy] = useState(false);

  const onRename = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    if (await written(renameCollection(c.collectionId, name.trim()), `Renamed to ${name.trim()}.`)) setRenaming(false);
    setBusy(false);
  };
  const onRemove = async () => {
    setBusy(true);
    if (await written(removeCollection(c.collectionId), `${c.name} removed.`)) onRemoved();
    setBusy(false);
  };

  return (
    <li className="bookmark-manage-item">
      {renaming ? (
        <form className="bookmark-new-row" onSubmit={(e) => void onRename(e)} noValidate>
          <label htmlFor={`${ids}-name`} className="visually-hidden">
            New name for {c.name}
          </label>
          <input id={`${ids}-name`} className="input" autoFocus maxLength={COLLECTION_NAME_MAX} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <button type="submit" className="button button-primary" disabled={busy}>
            Save
          </button>
          <button type="button" className="button" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : confirming ? (
        <div className="note-actions">
          <span>
            Remove {c.name} and its {c.bookmarks === 1 ? 'bookmark' : `${c.bookmarks} bookmarks`}?
          </span>
          <button type="button" className="button" disabled={busy} onClick={() => void onRemove()}>
            Remove
          </button>
          <button type="button" className="button" autoFocus onClick={() => setConfirming(false)}>
            Keep
          </button>
        </div>
      ) : (
        <div className="note-actions">
          <span className="bookmark-manage-name">
            {c.name} <span className="muted">({c.bookmarks})</span>
          </span>
          <button type="button" className="button" aria-label={`Rename ${c.name}`} onClick={() => setRenaming(true)}>
            Rename
          </button>
          <button type="button" className="button" aria-label={`Remove ${c.name}`} onClick={() => setConfirming(true)}>
            Remove
          </button>
        </div>
      )}
    </li>
  );
}
