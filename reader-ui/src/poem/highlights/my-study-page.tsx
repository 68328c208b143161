import { useId, useState } from 'react';
import { Link } from 'wouter';
import { highlightColours, type HighlightColour } from '@epos/schemas/study/vocabulary';
import { editionNames } from '@epos/schemas/poem/editions';
import { readerRoutes } from '@epos/schemas/reader-routes';
import { formatShortDateTime, machineDate } from '@epos/schemas/dates/formats';
import { useMe } from '../../ui/session';
import { loginHref } from '../../ui/account-urls';
import { usePageTitle } from '../../ui/use-page-title';
import { useLoad } from '../../ui/use-load';
import { Loading } from '../../ui/loading';
import { sentencePath } from '../../ui/poem-address';
import { BookChoice, Downloads, OrderChoice } from './my-study-controls';
import { colourNames, styleNames } from './names';
import { fetchMyHighlights, studyApi, type MyHighlight, type StudyFilter } from './api';
import { MyBookmarks } from '../bookmarks/my-bookmarks';
import { MyReading } from '../reading/my-reading';
import { MyPlans } from '../plans/my-plans';
import './highlights.css';
import './my-study.css';

type Part = 'highlights' | 'bookmarks' | 'reading' | 'plans';
const parts: readonly { part: Part; label: string }[] = [
  { part: 'highlights', label: 'Highlights' },
  { part: 'bookmarks', label: 'Bookmarks' },
  { part: 'reading', label: 'Reading' },
  { part: 'plans', label: 'Plans' },
];
const partOf = (hash: string): Part => parts.find((p) => `#${p.part}` === hash)?.part ?? 'highlights';

/**
 * `/my/study`: the signed-in reader's highlights (by colour) and bookmarks (by collection), in the
 * poem's order or the newest first, by book, to download as markdown or JSON; their reading (days,
 * streaks, sessions); and their reading plans. `#bookmarks`, `#reading` and `#plans` open the others.
 */
export default function MyStudyPage() {
  usePageTitle('My study');
  const me = useMe();
  const [part, setPart] = useState<Part>(() => (typeof location === 'undefined' ? 'highlights' : partOf(location.hash)));
  const choose = (next: Part) => {
    setPart(next);
    history.replaceState(history.state, '', `#${next}`);
  };
  return (
    <section className="my-study" aria-labelledby="my-study-heading">
      <h1 id="my-study-heading">My study</h1>
      {me === null ? (
        <Loading />
      ) : !me.loggedIn ? (
        <p>
          <Link href={loginHref(readerRoutes.myStudy.path)}>Log in</Link> to see your highlights and bookmarks.
        </p>
      ) : (
        <>
          <div className="my-study-parts" role="group" aria-label="Show">
            {parts.map(({ part: p, label }) => (
              <button key={p} type="button" className={part === p ? 'button button-primary' : 'button'} aria-pressed={part === p} onClick={() => choose(p)}>
                {label}
              </button>
            ))}
          </div>
          <h2 className="visually-hidden">{parts.find((p) => p.part === part)!.label}</h2>
          {part === 'highlights' ? <Highlights /> : part === 'bookmarks' ? <MyBookmarks /> : part === 'reading' ? <MyReading /> : <MyPlans />}
        </>
      )}
    </section>
  );
}

const sectionOf = (h: MyHighlight) => (h.where === null ? 'Withdrawn sentences' : `Book ${h.where.book}, Canto ${h.where.canto}, Section ${h.where.section}`);

function Highlights() {
  const [filter, setFilter] = useState<StudyFilter>({ order: 'poem' });
  const ids = useId();
  const loaded = useLoad(JSON.stringify(filter), (signal) => fetchMyHighlights(filter, signal));
  const list = loaded?.ok ? loaded.data : [];
  return (
    <>
      <form className="my-study-filters" onSubmit={(e) => e.preventDefault()}>
        <OrderChoice id={`${ids}-order`} value={filter.order} onChange={(order) => setFilter({ ...filter, order })} />
        <label htmlFor={`${ids}-colour`}>Colour</label>
        <select
          id={`${ids}-colour`}
          className="input"
          value={filter.colour ?? ''}
          onChange={(e) => setFilter({ ...filter, colour: highlightColours.find((c) => c === e.currentTarget.value) as HighlightColour | undefined })}
        >
          <option value="">Any colour</option>
          {highlightColours.map((colour) => (
            <option key={colour} value={colour}>
              {colourNames[colour]}
            </option>
          ))}
        </select>
        <BookChoice id={`${ids}-book`} value={filter.book} onChange={(book) => setFilter({ ...filter, book })} />
      </form>
      <Downloads markdown={studyApi.markdown(filter)} json={studyApi.json(filter)} />
      <p className="muted" role="status">
        {loaded?.ok ? (list.length === 1 ? '1 highlight' : `${list.length} highlights`) : ''}
      </p>
      {loaded === null ? (
        <Loading />
      ) : !loaded.ok ? (
        <p className="error">{loaded.message}</p>
      ) : list.length === 0 ? (
        <p className="muted">No highlights here yet: select words in the poem, or open the study tools beside a sentence and choose “Highlight”.</p>
      ) : (
        <ol className="my-study-list">
          {list.map((h, i) => (
            <li key={h.highlightId} data-testid="my-highlight">
              {filter.order === 'poem' && (i === 0 || sectionOf(list[i - 1]!) !== sectionOf(h)) && <h3 className="my-study-section">{sectionOf(h)}</h3>}
              <HighlightItem highlight={h} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function HighlightItem({ highlight: h }: { highlight: MyHighlight }) {
  const n = h.sentence ?? h.madeOn.sentence;
  return (
    <article className="my-highlight">
      <blockquote className="my-highlight-quote">
        <span className={`highlight-swatch swatch-${h.colour}`} aria-hidden="true" />
        {h.exact}
      </blockquote>
      <p className="muted">
        {n === null ? 'A withdrawn sentence' : <Link href={sentencePath(n)}>Sentence {n}</Link>}
        {h.sentence === null && ' · its words are no longer in the poem'} · {editionNames[h.madeOn.edition]} edition · {colourNames[h.colour]},{' '}
        {styleNames[h.style].toLowerCase()} · <time dateTime={machineDate(h.madeAt)}>{formatShortDateTime(h.madeAt)}</time>
      </p>
      {h.note !== null && <p className="highlight-note">{h.note}</p>}
    </article>
  );
}
