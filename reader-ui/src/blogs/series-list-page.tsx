import { useEffect, useId, useState } from 'react';
import { servedAt } from '../ui/server-answers';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { queryParam } from '../ui/account-urls';
import { usePageTitle } from '../ui/use-page-title';
import { Loading, Problem } from '../ui/loading';
import { blogApi, fetchSeriesList, type SeriesList } from './api';
import { seriesByLetter } from './archive';
import { countLabel } from '../ui/count-label';
import { useLoad } from '../ui/use-load';
import { blogTexts } from './messages';
import { BlogFeedLinks } from './feed-links';
import { BlogProblem, PostDate } from './parts';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { blogPaths } from './paths';

/** How long typing in the filter pauses before the address (and the list) follows. */
const FILTER_DEBOUNCE_MS = 300;

/** `/blogs/{blog}/series?what=…`: the blog's series by first letter, filtered by title. */
export function SeriesListPage() {
  const { blog = '' } = useParams<{ blog?: string }>();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const what = queryParam(search, 'what') ?? '';
  const [filter, setFilter] = useState(what);
  const inputId = useId();

  // back and forward change the address: the box follows it (but keeps what is being typed)
  useEffect(() => setFilter((typed) => (typed.trim() === what.trim() ? typed : what)), [what]);

  // the box drives ?what= (replacing the entry, so typing does not fill the history)
  useEffect(() => {
    if (filter.trim() === what.trim()) return;
    const timer = window.setTimeout(() => {
      const query = filter.trim() === '' ? '' : `?${new URLSearchParams({ what: filter.trim() }).toString()}`;
      navigate(`${location}${query}`, { replace: true });
    }, FILTER_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [filter, what, location, navigate]);

  const result = useLoad(`${blog}?${what.trim()}`, (signal) => fetchSeriesList(blog, what, signal), 0, servedAt<SeriesList>(blogApi.seriesList(blog, what)));
  const title = result?.ok ? result.data.slugUrl : null;
  usePageTitle(title === null ? 'Series' : `Series · ${title}`);

  if (result !== null && !result.ok && what.trim() === '') return <Problem message={result.message} />;
  const groups = result?.ok ? seriesByLetter(result.data.sd ?? []) : [];

  return (
    <section className="series-list-page" aria-labelledby="series-heading">
      {title !== null && <BlogFeedLinks blog={blog} title={title || blog} />}
      <Breadcrumbs
        items={[
          { href: blogPaths.blogs, label: 'Blogs' },
          { href: blogPaths.blog(blog), label: title ?? blog },
        ]}
      />
      <h1 id="series-heading">Series{title !== null ? ` in ${title}` : ''}</h1>
      <form className="series-filter" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={inputId}>Filter series by title</label>
        <input id={inputId} className="input" type="search" value={filter} autoComplete="off" onChange={(e) => setFilter(e.currentTarget.value)} />
      </form>
      <p className="visually-hidden" role="status">
        {result?.ok ? countLabel(result.data.sd?.length ?? 0, 'series', 'series') : ''}
      </p>
      <div aria-busy={result === null}>
        {result === null ? (
          <Loading />
        ) : !result.ok ? (
          <BlogProblem message={result.message} />
        ) : groups.length === 0 ? (
          <p className="muted">{blogTexts.noSeries}</p>
        ) : (
          groups.map((group) => (
            <section key={group.letter} className="series-group" aria-labelledby={`${inputId}-${group.letter}`}>
              <h2 id={`${inputId}-${group.letter}`} className="series-letter">
                {group.letter}
              </h2>
              <ul className="series-entries">
                {group.series.map((entry) => (
                  <li key={entry.slug} className="series-entry" data-testid="series-item">
                    <Link href={blogPaths.series(blog, entry.slug)} className="series-entry-title">
                      {entry.slugUrl}
                    </Link>
                    <p className="post-meta">
                      <span className="post-meta-part">{countLabel(entry.count, 'post')}</span>
                      {entry.Author ? <span className="post-meta-part">By {entry.Author}</span> : null}
                      {entry.LastDates ? (
                        <span className="post-meta-part">
                          <PostDate value={entry.LastDates} prefix="Latest " />
                        </span>
                      ) : null}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </section>
  );
}
