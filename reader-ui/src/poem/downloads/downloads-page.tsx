import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PackManifestAnswer } from '@epos/schemas/poem/packs';
import { editionNames, editions, languageNames, languages, translationEdition, type Edition, type Language } from '@epos/schemas/poem/editions';
import { formatShortDateTime } from '@epos/schemas/dates/formats';
import { useDateOptions } from '../../ui/use-date-options';
import { changedSince, isChosen, packsToFetch } from './choice';
import { fetchContents } from '../api';
import { usePageTitle } from '../../ui/use-page-title';
import { Loading, Problem } from '../../ui/loading';
import { askToPersist, downloadedPacks, downloadPacks, packManifest, removeBook, storageState, type Progress, type StorageState } from './packs';
import { useOnline } from '../../ui/use-online';
import './downloads.css';

const sizeFormat = (bytes: number) => {
  const [value, unit] = bytes >= 1e9 ? [bytes / 1e9, 'gigabyte'] : bytes >= 1e6 ? [bytes / 1e6, 'megabyte'] : [bytes / 1e3, 'kilobyte'];
  return new Intl.NumberFormat(undefined, { style: 'unit', unit, maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
};

interface Book {
  readonly book: number;
  readonly name: string;
  readonly manifest: PackManifestAnswer | null;
}

/**
 * /downloads: the reader chooses books, editions and translations to read offline, sees each
 * download's size first and its progress while it runs, what is downloaded and whether it is
 * current, and the storage the site uses (docs/decisions/offline-packs.md).
 */
export default function DownloadsPage() {
  usePageTitle('Read offline');
  const online = useOnline();
  const dates = useDateOptions();
  const [books, setBooks] = useState<readonly Book[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [records, setRecords] = useState(downloadedPacks);
  const [chosenBooks, setChosenBooks] = useState<ReadonlySet<number>>(new Set());
  const [chosenEditions, setChosenEditions] = useState<ReadonlySet<Edition>>(new Set(['first']));
  const [chosenLanguages, setChosenLanguages] = useState<ReadonlySet<Language>>(new Set());
  const [progress, setProgress] = useState<Progress | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [storage, setStorage] = useState<StorageState | null>(null);

  const readStorage = useCallback(() => void storageState().then(setStorage), []);
  useEffect(readStorage, [readStorage]);

  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      const index = await fetchContents();
      if (!index.ok) return setFailure(index.message);
      // One book at a time: a list may make all the book's packs (the site answers a few at once).
      const found: Book[] = [];
      for (const b of index.data.books) {
        const manifest = await packManifest(b.book, controller.signal);
        found.push({ book: b.book, name: b.name, manifest: manifest.ok ? manifest.data : null });
      }
      setBooks(found);
    })().catch(() => undefined);
    return () => controller.abort();
  }, [online]);

  const downloadedBooks = useMemo(() => new Set(Object.values(records).map((r) => r.book)), [records]);
  const languagesThere = useMemo(() => languages.filter((lang) => books?.some((b) => b.manifest?.packs.some((p) => p.lang === lang))), [books]);
  const choice = { editions: chosenEditions, languages: chosenLanguages };
  const toFetch = (books ?? []).filter((b) => chosenBooks.has(b.book)).flatMap((b) => packsToFetch(b.manifest?.packs ?? [], choice, records));
  const toFetchBytes = toFetch.reduce((sum, p) => sum + p.bytes, 0);

  /** Downloads `packs`, then shows what is downloaded now, and says `done` or what went wrong. */
  async function fetchPacks(packs: Parameters<typeof downloadPacks>[0], done: string) {
    setSaid(null);
    // downloadPacks says what went wrong rather than throwing; what was downloaded is shown either way.
    const problem = await downloadPacks(packs, setProgress);
    setRecords(downloadedPacks());
    setProgress(null);
    readStorage();
    setSaid(problem ?? done);
  }

  async function download() {
    if (storage?.persisted !== true) await askToPersist();
    await fetchPacks(
      toFetch,
      `Downloaded: ${toFetch.length} ${toFetch.length === 1 ? 'part' : 'parts'}, ${sizeFormat(toFetchBytes)}. They can be read with no connection.`,
    );
  }

  const update = (book: Book) => fetchPacks(changedSince(book.manifest?.packs ?? [], records), `${book.name || `Book ${book.book}`} is up to date.`);

  async function remove(book: Book) {
    try {
      await removeBook(book.book);
    } finally {
      setRecords(downloadedPacks());
      readStorage();
    }
    setSaid(`${book.name || `Book ${book.book}`} was removed from this device.`);
  }

  const toggle = <T,>(set: ReadonlySet<T>, value: T) => {
    const next = new Set(set);
    if (!next.delete(value)) next.add(value);
    return next;
  };

  return (
    <article className="downloads-page">
      <h1>Read offline</h1>
      <p>
        Download books of the poem to read them, and their translations, with no connection: on a train, on a plane, or where the signal is poor. Pages you have
        read are kept too.
      </p>
      {!online && (
        <p className="offline-notice" role="status">
          You are offline: this page shows what is downloaded on this device.
        </p>
      )}
      {failure && online && <Problem message={failure} />}
      {books === null && !failure && online && <Loading />}

      <form className="downloads-choice" onSubmit={(event) => (event.preventDefault(), void download())}>
        <fieldset>
          <legend>Editions</legend>
          {editions.map((edition) => (
            <label key={edition}>
              <input type="checkbox" checked={chosenEditions.has(edition)} onChange={() => setChosenEditions((set) => toggle(set, edition))} />
              {editionNames[edition]}
            </label>
          ))}
        </fieldset>
        {languagesThere.length > 0 && (
          <fieldset>
            <legend>Translations</legend>
            {languagesThere.map((lang) => (
              <label key={lang}>
                <input type="checkbox" checked={chosenLanguages.has(lang)} onChange={() => setChosenLanguages((set) => toggle(set, lang))} />
                {languageNames[lang]} <span className="download-size">(with the {editionNames[translationEdition[lang]]} edition)</span>
              </label>
            ))}
          </fieldset>
        )}
        <fieldset>
          <legend>Books</legend>
          <ul className="download-books">
            {(books ?? []).map((book) => {
              const packs = book.manifest?.packs ?? [];
              const mine = packs.filter((p) => records[p.url]);
              const stale = changedSince(packs, records);
              const size = packs.filter((p) => isChosen(p, choice)).reduce((sum, p) => sum + p.bytes, 0);
              const last = mine
                .map((p) => records[p.url]!.at)
                .sort()
                .at(-1);
              const label = book.name || `Book ${book.book}`;
              return (
                <li key={book.book}>
                  <label>
                    <input type="checkbox" checked={chosenBooks.has(book.book)} onChange={() => setChosenBooks((set) => toggle(set, book.book))} />
                    <span className="download-book-name">{label}</span> <span className="download-size">{sizeFormat(size)}</span>
                  </label>
                  {mine.length > 0 && (
                    <p className="download-state">
                      {stale.length > 0 ? `${stale.length} of ${mine.length} downloaded parts changed since` : 'Downloaded, up to date'}
                      {last && ` · ${formatShortDateTime(last, dates)}`}{' '}
                      {stale.length > 0 && online && (
                        <button type="button" className="button" disabled={progress !== null} onClick={() => void update(book)}>
                          Update {label}
                        </button>
                      )}{' '}
                      <button type="button" className="button" disabled={progress !== null} onClick={() => void remove(book)}>
                        Remove {label}
                      </button>
                    </p>
                  )}
                </li>
              );
            })}
            {!online &&
              [...downloadedBooks]
                .filter((b) => !books?.some((book) => book.book === b))
                .map((b) => (
                  <li key={b}>
                    Book {b}: downloaded{' '}
                    <button type="button" className="button" onClick={() => void remove({ book: b, name: '', manifest: null })}>
                      Remove book {b}
                    </button>
                  </li>
                ))}
          </ul>
        </fieldset>
        <button type="submit" className="button button-primary" disabled={!online || progress !== null || toFetch.length === 0}>
          {toFetch.length === 0 ? 'Download' : `Download ${sizeFormat(toFetchBytes)}`}
        </button>
      </form>

      {progress && (
        <div className="download-progress">
          <progress max={progress.bytesTotal} value={progress.bytesDone} aria-label="Download progress" />
          <p>
            {progress.done} of {progress.total} parts, {sizeFormat(progress.bytesDone)} of {sizeFormat(progress.bytesTotal)}
          </p>
        </div>
      )}
      <p role="status" className="download-said">
        {said}
      </p>

      <section aria-labelledby="storage-heading" className="download-storage">
        <h2 id="storage-heading">Storage on this device</h2>
        {storage?.usage != null && (
          <p>
            This site uses {sizeFormat(storage.usage)}
            {storage.quota != null && ` of the ${sizeFormat(storage.quota)} your browser allows it`}.
          </p>
        )}
        <p>
          {storage?.persisted
            ? 'Your browser keeps the downloads until you remove them.'
            : 'Your browser may clear the downloads when the device runs short of space; downloading asks it to keep them.'}
        </p>
        <p>Safari clears a site’s downloads after seven days without a visit, unless the site is added to the Home Screen.</p>
      </section>
    </article>
  );
}
