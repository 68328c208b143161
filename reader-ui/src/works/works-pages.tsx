import { Link, Route, Switch, useParams } from 'wouter';
import { workMessages, workTypeLabels } from '@epos/schemas/works/messages';
import { usePageTitle } from '../ui/use-page-title';
import { Loading, Problem } from '../ui/loading';
import { NotFoundPage } from '../ui/not-found-page';
import { formatShortDate } from '@epos/schemas/dates/formats';
import { fetchProfile, fetchWorks, worksApi, type WorkType } from './api';
import { typeOfSlug, worksPaths } from './paths';
import { useWorksList, type WorksList } from './use-works-list';
import { WorkCard } from './work-card';
import { useLoad } from '../ui/use-load';

const TYPES = Object.keys(workTypeLabels) as WorkType[];

function TypeLinks({ current }: { current: WorkType | null }) {
  return (
    <nav aria-label="Readers' works by kind">
      <ul className="works-page-types">
        {TYPES.map((t) => (
          <li key={t}>
            <Link href={worksPaths.byType(t)} aria-current={t === current ? 'page' : undefined}>
              {workTypeLabels[t]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function WorksListView({ list }: { list: WorksList }) {
  if (list.status === 'loading') return <Loading />;
  if (list.status === 'failed') return <Problem message={list.message} />;
  if (list.items.length === 0) return <p className="muted">{workMessages.nothing}</p>;
  return (
    <>
      {list.items.map((work) => (
        <WorkCard key={work.id} work={work} headingLevel={2} />
      ))}
      {list.more && (
        <button type="button" className="button" disabled={list.loadingMore} onClick={list.loadMore}>
          Load more
        </button>
      )}
    </>
  );
}

/** `/works/{annotations|audio|video|references|slides}`: every reader's works of a kind, newest first, with load-more. */
function WorksByTypePage({ type }: { type: WorkType }) {
  const label = workTypeLabels[type];
  usePageTitle(`Readers' works: ${label}`);
  const list = useWorksList(
    type,
    (page, signal) => fetchWorks(worksApi.ofType(type, page), signal),
    (a) => a.ContentSection,
    (a) => a.total,
  );
  return (
    <section className="prose works-page" aria-labelledby="works-heading">
      <h1 id="works-heading">Readers' works: {label}</h1>
      <TypeLinks current={type} />
      <WorksListView list={list} />
    </section>
  );
}

/** `/works/by/{userId}`: a reader's public profile: their works and latest posts. */
function ProfilePage({ userId }: { userId: string }) {
  const header = useLoad(userId, (signal) => fetchProfile(userId, 1, signal));
  const list = useWorksList(
    `profile/${userId}`,
    (page, signal) => fetchProfile(userId, page, signal),
    (a) => a.works,
    (a) => a.totalWorks,
  );
  usePageTitle(header === null ? 'Loading' : header.ok ? header.data.name : header.message);
  if (header === null) return <Loading />;
  if (!header.ok) return <Problem message={header.message} />;
  const { name, posts } = header.data;
  return (
    <section className="prose works-page" aria-labelledby="profile-heading">
      <h1 id="profile-heading">{name}</h1>
      {posts.length > 0 && (
        <section aria-labelledby="profile-posts">
          <h2 id="profile-posts">Posts</h2>
          <ul>
            {posts.map((p) => (
              <li key={p.url}>
                <Link href={p.url}>{p.title}</Link>{' '}
                <span className="muted">
                  ({p.blog}, {formatShortDate(String(p.published_at))})
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="profile-works">
        <h2 id="profile-works">Works on the poem</h2>
        <WorksListView list={list} />
      </section>
    </section>
  );
}

function TypeRoute() {
  const { slug = '' } = useParams<{ slug?: string }>();
  const type = typeOfSlug(slug);
  return type === null ? <NotFoundPage /> : <WorksByTypePage key={type} type={type} />;
}

function ProfileRoute() {
  const { id = '' } = useParams<{ id?: string }>();
  return <ProfilePage key={id} userId={id} />;
}

/** The readers' works pages. */
export default function WorksRoutes() {
  return (
    <Switch>
      <Route path="/works/by/:id" component={ProfileRoute} />
      <Route path="/works/:slug" component={TypeRoute} />
      <Route path="/works">
        <WorksByTypePage type="text" />
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
