import { useId, useState } from 'react';
import { Link } from 'wouter';
import { highlightColours, type HighlightColour } from '@epos/schemas/study/vocabulary';
import { editionNames } from '@epos/schemas/poem/editions';
import { formatShortDateTime, machineDate } from '@epos/schemas/dates/formats';
import { useLoad } from '../../ui/use-load';
import { Loading } from '../../ui/loading';
import { sentencePath } from '../../ui/poem-address';
import { BookChoice, Downloads, OrderChoice } from './my-study-controls';
import { colourNames, styleNames } from './names';
import { fetchMyHighlights, fetchSharing, setSharing, studyApi, type MyHighlight, type StudyFilter } from './api';
import './highlights.css';
import './my-study.css';

const sectionOf = (h: MyHighlight) => (h.where === null ? 'Withdrawn sentences' : `Book ${h.where.book}, Canto ${h.where.canto}, Section ${h.where.section}`);

/** My study's highlights: by colour and book, in the poem's order or the newest first, with their files. */
export function MyHighlights() {
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
      <SharingChoice />
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

/** The reader's choice to count their highlights, anonymously, in each canto's most highlighted lines (off until chosen). */
function SharingChoice() {
  const id = useId();
  const loaded = useLoad('highlights-sharing', (signal) => fetchSharing(signal));
  const [shared, setShared] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = shared ?? (loaded?.ok ? loaded.data.shared : null);
  if (current === null) return null;
  const change = async (next: boolean) => {
    setShared(next);
    const result = await setSharing(next);
    if (!result.ok) {
      setShared(!next);
      setError(result.message);
    } else setError(null);
  };
  return (
    <p className="my-study-sharing">
      <input id={id} type="checkbox" checked={current} onChange={(e) => void change(e.currentTarget.checked)} />{' '}
      <label htmlFor={id}>Count my highlights, anonymously, in each canto’s most highlighted lines (shown once five readers mark a line)</label>
      {error !== null && (
        <span className="study-error" role="alert">
          {' '}
          {error}
        </span>
      )}
    </p>
  );
}
