import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { NotFoundPage } from '../ui/not-found-page';
import { ReadFailure } from '../ui/not-found';
import { usePageTitle } from '../ui/use-page-title';
import { fetchLineInfo, lineInfoUrl, type Line } from './api';
import { serverAnswer, servedResult } from '../ui/server-answers';
import type { Result } from '../ui/http';
import { useSiteInfo } from './atoms';
import { LinkedText } from '../ui/linked-text';
import { Loading } from '../ui/loading';
import './poem.css';
import { langFields, langLabels, LANGS, splitLines } from './reading';
import { parseSentencePath, permanentLink, sectionPath, sentencePath } from '../ui/poem-address';
import { HistoryPanel } from './scholarship/history-panel';
import { StudyHost } from './study/study-host';
import { ConnectionsButton } from './study/study-toolbar';
import { verseOf } from './sentence-view';
import { Verse } from '../ui/verse';
import { useAsOf } from './scholarship/as-of';
import { CiteActions } from './cite/cite-actions';
import { useMe } from '../ui/session';
import { fragmentKey } from './highlights/fragments';

const HighlightLayer = lazy(() => import('./highlights/highlight-layer'));

/** `/{lineNumber}`: one sentence with its notes and translations. */
export function SentencePage() {
  const [location] = useLocation();
  const n = parseSentencePath(location);
  if (n === null) return <NotFoundPage />;
  return <SentenceDetails n={n} />;
}

export function SentenceDetails({ n }: { n: number }) {
  const site = useSiteInfo();
  // `/776?asOf=2026-05-01`: the sentence that was number 776 then, under its number now.
  const asOf = useAsOf();
  const key = `${n}@${asOf ?? ''}`;
  // A page the server rendered shows the sentence it was rendered with at once.
  const served = asOf === null ? serverAnswer<Line>(lineInfoUrl(n)) : undefined;
  const [loaded, setLoaded] = useState<{ key: string; result: Result<Line> } | null>(() => (served ? { key, result: servedResult(served) } : null));

  useEffect(() => {
    if (loaded?.key === key) return;
    const controller = new AbortController();
    fetchLineInfo(n, controller.signal, asOf).then(
      (result) => setLoaded({ key, result }),
      () => undefined,
    );
    return () => controller.abort();
  }, [key]);

  const result = loaded?.key === key ? loaded.result : null;
  const signedIn = useMe()?.loggedIn === true;
  const articleRef = useRef<HTMLElement>(null);
  usePageTitle(result === null ? 'Loading' : result.ok ? `Sentence ${n}` : result.message);
  if (result === null) return <Loading />;
  if (!result.ok)
    return (
      <ReadFailure
        failure={result}
        what={asOf === null ? `There is no sentence ${n} in the poem.` : `There was no sentence ${n} in the poem on ${asOf}.`}
        ways={[{ href: '/lookup', label: 'Look up a sentence or line' }]}
      />
    );

  const line = result.data;
  const current = line.lineNumber;
  const notes = [
    { label: site?.labels.motherNote ?? 'Note', text: line.motherNote },
    { label: site?.labels.aurobindoNote ?? "The author's note", text: line.aurobindoNote },
    { label: 'Reason', text: line.Reason },
  ].filter((note): note is { label: string; text: string } => typeof note.text === 'string' && note.text.trim() !== '');
  const translations = LANGS.flatMap((lang) => {
    const text = (line as unknown as Record<string, unknown>)[langFields[lang]];
    return typeof text === 'string' && text.trim() !== '' ? [{ lang, text }] : [];
  });
  const section =
    line.bookNumber !== undefined && line.cantoNumber !== undefined && line.sectionNumber !== undefined
      ? { book: line.bookNumber, canto: line.cantoNumber, section: line.sectionNumber }
      : null;
  const context =
    line.bookNumber !== undefined && line.cantoNumber !== undefined && line.sectionNumber !== undefined
      ? sectionPath({ book: line.bookNumber, canto: line.cantoNumber, section: line.sectionNumber, edition: 'first' }, current)
      : null;

  return (
    <article ref={articleRef} className="reader sentence-page" aria-labelledby="sentence-heading">
      <h1 id="sentence-heading">Sentence {current}</h1>
      {current !== n && (
        <p className="book-line">
          Sentence {n} on {asOf} is numbered {current} now.
        </p>
      )}
      {context !== null && (
        <p className="book-line">
          Book {line.bookNumber}, canto {line.cantoNumber}, section {line.sectionNumber} · <Link href={context}>Read in context</Link>
        </p>
      )}
      {line.sentenceId !== undefined && (
        <p className="book-line permanent-link">
          Permanent link (for citing; it keeps finding this sentence if the poem is renumbered):{' '}
          <a href={permanentLink(line.sentenceId)}>{`${site?.siteUrl ?? ''}${permanentLink(line.sentenceId)}`}</a>
        </p>
      )}
      <div className="sentence-body solo">
        <Verse lines={verseOf(line)} lookup fragment={(i) => fragmentKey(current, i)} />
      </div>
      {line.sentenceId !== undefined && (
        <div className="study-actions sentence-share" role="group" aria-label={`Quote sentence ${current}`}>
          <CiteActions n={current} id={line.sentenceId} edition="first" title={`Sentence ${current} — ${site?.poemTitle ?? ''}`} />
          <ConnectionsButton line={line} />
        </div>
      )}
      <StudyHost section={null} layers={[]} />
      {/* The reader's highlights, painted as in the section (the page shows the first edition), with the selection's toolbar. Not as of a date. */}
      {signedIn && section !== null && asOf === null && (
        <Suspense fallback={null}>
          <HighlightLayer section={section} edition="first" lines={[line]} root={articleRef} />
        </Suspense>
      )}
      {notes.map((note) => (
        <section key={note.label} className="note" aria-label={note.label}>
          <h2 className="extra-label">{note.label}</h2>
          <p>
            <LinkedText text={note.text} />
          </p>
        </section>
      ))}
      {translations.length > 0 && (
        <section className="note" aria-labelledby="translations-heading">
          <h2 id="translations-heading" className="extra-label">
            Translations
          </h2>
          {translations.map((t) => (
            <div key={t.lang} className="translation" data-translation-of={current}>
              <span className="extra-label">{langLabels[t.lang]}</span>
              <Verse lines={splitLines(t.text)} lang={t.lang} />
            </div>
          ))}
        </section>
      )}
      <HistoryPanel key={current} n={current} />
      <nav className="section-pager" aria-label="Previous and next sentence">
        {current > 1 ? <Link href={sentencePath(current - 1)}>← Sentence {current - 1}</Link> : <span />}
        <Link href={sentencePath(current + 1)}>Sentence {current + 1} →</Link>
      </nav>
    </article>
  );
}
