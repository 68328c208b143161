import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { NotFoundPage } from '../../ui/not-found-page';
import { usePageTitle } from '../../ui/use-page-title';
import type { Result } from '../../ui/http';
import { Loading, Problem } from '../../ui/loading';
import '../poem.css';
import { editionLabels, isEdition, type Edition } from '../reading';
import { sectionPath, sentencePath } from '../../ui/poem-address';
import { fetchComparison } from './api';
import { comparePath, compareApiUrl, differCount, EDITIONS, parseComparePath, type CompareAddress, type Comparison } from './compare';
import { DiffText } from './diff-text';
import './scholarship.css';

/** `/compare/{book}/{canto}/{section}?a=first&b=revised`: the section's sentences, edition against edition. */
export default function ComparePage() {
  const [location] = useLocation();
  const search = useSearch();
  const address = parseComparePath(location, search);
  if (address === null) return <NotFoundPage />;
  return <CompareView address={address} />;
}

function CompareView({ address }: { address: CompareAddress }) {
  const [, navigate] = useLocation();
  const key = compareApiUrl(address);
  const [loaded, setLoaded] = useState<{ key: string; result: Result<Comparison> } | null>(null);
  const [showSame, setShowSame] = useState(false);
  const aId = useId();
  const bId = useId();
  const sameId = useId();

  useEffect(() => {
    const controller = new AbortController();
    fetchComparison(address, controller.signal).then(
      (result) => setLoaded({ key, result }),
      () => undefined,
    );
    return () => controller.abort();
  }, [key]);

  const result = loaded?.key === key ? loaded.result : null;
  const where = `Book ${address.book}, canto ${address.canto}, section ${address.section}`;
  usePageTitle(result !== null && !result.ok ? result.message : `Compare editions · ${where}`);

  const choose = (side: 'a' | 'b', value: string) => {
    if (!isEdition(value)) return;
    navigate(comparePath({ ...address, [side]: value }));
  };

  const selector = (side: 'a' | 'b', id: string, label: string) => (
    <div className="control">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input select" value={address[side]} onChange={(e) => choose(side, e.target.value)}>
        {EDITIONS.map((edition) => (
          <option key={edition} value={edition}>
            {editionLabels[edition]}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <article className="reader compare-page" aria-labelledby="compare-heading">
      <header className="reader-head">
        <h1 id="compare-heading">Compare editions</h1>
        <p className="book-line">
          {where} · <Link href={sectionPath({ ...address, edition: address.b })}>Read the section</Link>
        </p>
        <div className="reader-controls">
          {selector('a', aId, 'From edition')}
          {selector('b', bId, 'To edition')}
          <label className="checkbox-field compact compare-same-toggle" htmlFor={sameId}>
            <input id={sameId} type="checkbox" checked={showSame} onChange={(e) => setShowSame(e.target.checked)} />
            Show unchanged sentences
          </label>
        </div>
      </header>
      {result === null ? (
        <Loading />
      ) : !result.ok ? (
        <Problem message={result.message} />
      ) : (
        <CompareList data={result.data} a={address.a} b={address.b} showSame={showSame} />
      )}
    </article>
  );
}

function CompareList({ data, a, b, showSame }: { data: Comparison; a: Edition; b: Edition; showSame: boolean }) {
  const unchanged = data.sentences.length - data.changed;
  const shown = showSame ? data.sentences : data.sentences.filter((s) => !s.same);
  return (
    <>
      <p className="compare-count" role="status">
        <strong>{differCount(data.changed)}</strong>
        {a === b ? ' (the same edition on both sides)' : ` between the ${editionLabels[a]} and ${editionLabels[b]} editions`}
        {!showSame && unchanged > 0 && <span className="muted"> · {unchanged} unchanged not shown</span>}
      </p>
      <ol className="compare-list">
        {shown.map((s) => (
          <li key={s.sentence} className={s.same ? 'compare-item is-same' : 'compare-item'}>
            <p className="compare-item-head">
              <Link href={sentencePath(s.sentence)}>Sentence {s.sentence}</Link>
              <span className="muted"> · {s.same ? 'unchanged' : 'differs'}</span>
            </p>
            {s.same ? <p className="diff-text">{s.b}</p> : <DiffText diff={s.diff} before={s.a} after={s.b} />}
          </li>
        ))}
      </ol>
    </>
  );
}
