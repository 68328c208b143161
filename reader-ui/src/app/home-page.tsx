import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { blogApi, fetchBlogs, fetchRecent, type BlogListEntry, type RecentPost } from '../blogs/api';
import { useLoad } from '../ui/use-load';
import { blogPaths } from '../blogs/paths';
import { fetchSite, SITE_URL, type SiteInfo } from '../poem/api';
import { serverAnswer } from '../ui/server-answers';
import type { Result } from '../ui/http';
import { firstSectionHref, loadHomeContents, paragraphs, servedHomeContents, type HomeBook } from './home-data';
import { lastRead, type LastRead } from './last-read';
import { useMe } from '../ui/session';
import { sectionPath } from '../ui/poem-address';
import { fetchMyReading, type MyReadingAnswer } from '../poem/reading/api';
import { fetchCuratedPlans, fetchMyPlans } from '../poem/plans/api';
import { planTitle, portionHref, portionText } from '../poem/plans/names';
import { readerRoutes } from '@epos/schemas/reader-routes';
import { site as appSite } from '../ui/site';
import { usePageTitle } from '../ui/use-page-title';
import './home-page.css';

/**
 * `/`: the poem's title, author and introduction (GET /api/site), where this reader left off,
 * the contents by book and canto, recent posts and the blogs: all read at once, and shown together.
 */
export function HomePage() {
  usePageTitle();
  const site = useLoad('home-site', fetchSite, 0, () => serverAnswer<SiteInfo>(SITE_URL));
  const contents = useLoad('home-contents', loadHomeContents, 0, servedHomeContents);
  const recent = useLoad('home-recent', fetchRecent, 0, () => serverAnswer<readonly RecentPost[]>(blogApi.recent));
  const blogs = useLoad('home-blogs', fetchBlogs, 0, () => serverAnswer<readonly BlogListEntry[]>(blogApi.blogs));
  const books = contents?.ok ? contents.data : null;
  const poem = site?.ok ? site.data : null;
  // Everything appears at once, so nothing shown moves when something else arrives (CLS).
  const ready = site !== null && contents !== null && recent !== null && blogs !== null;

  if (!ready) {
    return (
      <div className="home" role="status">
        <span className="visually-hidden">Loading…</span>
        <Placeholder lines={4} />
      </div>
    );
  }
  return (
    <div className="home">
      <section className="home-intro" aria-labelledby="home-heading">
        <h1 id="home-heading">{poem?.poemTitle ?? appSite.name}</h1>
        {poem ? <p className="home-author">by {poem.poemAuthor}</p> : null}
        <div className="home-introduction prose">
          {paragraphs(poem?.poemIntroduction).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        <ContinueReading start={firstSectionHref(books)} books={books ?? []} />
        <TodaysReading books={books ?? []} />
      </section>

      <section className="home-contents" aria-labelledby="contents-heading">
        <h2 id="contents-heading">Contents</h2>
        {contents.ok ? <ContentsList books={contents.data} /> : <p className="error">{contents.message}</p>}
      </section>
      <div className="home-side">
        <RecentPosts result={recent} />
        <Blogs result={blogs} />
        {/* Last in its column: arriving after the rest, it moves nothing (CLS). */}
        <SharedCalendars />
      </div>
    </div>
  );
}

/** A signed-in reader's place as the server keeps it (from any device), named from the contents. */
function serverPlace(position: NonNullable<MyReadingAnswer['position']>, books: readonly HomeBook[]): LastRead {
  const book = books.find((b) => b.book === position.book);
  const canto = book?.cantos.find((c) => c.canto === position.canto);
  const names = [book?.name, canto?.name].filter((name): name is string => name !== undefined && name.trim() !== '');
  return {
    path: sectionPath(position, position.sentence),
    label: `${names.length > 0 ? `${names.join(' · ')} · ` : ''}Section ${position.section}, sentence ${position.sentence}`,
  };
}

function ContinueReading({ start, books }: { start: string; books: readonly HomeBook[] }) {
  // Read once: the place is this browser's, and does not change while the home page shows.
  const [local] = useState(lastRead);
  const me = useMe();
  // Signed in, the place the server keeps wins: it is the last read on any device.
  const kept = useLoad(me?.loggedIn ? 'my-reading' : null, (signal) => fetchMyReading({ signal, days: 1 }));
  const position = kept?.ok ? kept.data.position : null;
  const place = position ? serverPlace(position, books) : local;
  if (place === null) {
    return (
      <p className="home-actions">
        <Link href={start} className="button button-primary">
          Start reading
        </Link>
      </p>
    );
  }
  return (
    <p className="home-actions">
      <Link href={place.path} className="button button-primary" aria-describedby="continue-where">
        Continue reading
      </Link>
      <span id="continue-where" className="home-continue-where">
        {place.label}
      </span>
      <Link href={start} className="home-start-over">
        Start from the beginning
      </Link>
    </p>
  );
}

/** A signed-in reader's plans with a portion still to read today: the first of them, linked, and how many more. */
function TodaysReading({ books }: { books: readonly HomeBook[] }) {
  const me = useMe();
  const loaded = useLoad(me?.loggedIn ? 'my-plans' : null, (signal) => fetchMyPlans({ signal }));
  const waiting = loaded?.ok ? loaded.data.plans.filter((p) => !p.finished && !p.todayDone && (p.today ?? p.catchUp) !== null) : [];
  const first = waiting[0];
  if (!first) return null;
  const portion = (first.catchUp ?? first.today)!;
  return (
    <p className="home-plan">
      <strong>Today’s reading</strong> · {planTitle(first, books)}: <Link href={portionHref(portion)}>{portionText(portion)}</Link>
      {first.behind.days > 0 && ` (${first.behind.days === 1 ? '1 day' : `${first.behind.days} days`} to catch up)`} ·{' '}
      <Link href={`${readerRoutes.myStudy.path}#plans`}>{waiting.length > 1 ? `${waiting.length} plans waiting` : 'My plans'}</Link>
    </p>
  );
}

/** The shared calendars running today ("the canto of the week"): each one's portion, linked, with the editors' word. */
function SharedCalendars() {
  const loaded = useLoad('shared-calendars', (signal) => fetchCuratedPlans(signal));
  const running = loaded?.ok ? loaded.data.plans.filter((plan) => plan.current?.portion) : [];
  if (running.length === 0) return null;
  return (
    <section className="home-list home-calendars" aria-labelledby="calendars-heading">
      <h2 id="calendars-heading">Reading together</h2>
      <ul>
        {running.map((plan) => (
          <li key={plan.planId}>
            <strong>
              <Link href={`/plans/${plan.planId}`}>{plan.title}</Link>
            </strong>{' '}
            · {plan.every === 'week' ? 'this week' : 'today'}: <Link href={portionHref(plan.current!.portion!)}>{portionText(plan.current!.portion!)}</Link>
          </li>
        ))}
      </ul>
      <p>
        <Link href="/plans">All reading plans</Link>
      </p>
    </section>
  );
}

function ContentsList({ books }: { books: readonly HomeBook[] }) {
  return (
    <ol className="home-books">
      {books.map((book) => (
        <li key={book.book} className="home-book">
          <h3 className="home-book-name">
            <span className="home-number">Book {book.book}</span> {book.name}
          </h3>
          <ol className="home-cantos">
            {book.cantos.map((canto) => (
              <li key={canto.canto}>
                <Link href={canto.href}>
                  <span className="home-number">Canto {canto.canto}</span> {canto.name}
                </Link>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}

function RecentPosts({ result }: { result: Result<readonly RecentPost[]> }) {
  return (
    <HomeList id="recent-heading" title="Recent posts" loaded={result.ok ? result.data.length : result.message}>
      {result.ok &&
        result.data.slice(0, 5).map((post) => (
          <li key={`${post.bslug}/${post.pslug}`}>
            <Link href={blogPaths.post(post.bslug, post.pslug)}>{post.ptitle}</Link>
            <span className="home-list-note">{post.bTitle}</span>
          </li>
        ))}
    </HomeList>
  );
}

function Blogs({ result }: { result: Result<readonly BlogListEntry[]> }) {
  return (
    <HomeList id="blogs-heading" title="Blogs" loaded={result.ok ? result.data.length : result.message} more={{ href: blogPaths.blogs, label: 'All blogs' }}>
      {result.ok &&
        result.data.map((blog) => (
          <li key={blog.slug}>
            <Link href={blogPaths.blog(blog.slug)}>{blog.title}</Link>
            {blog.description ? <span className="home-list-note">{blog.description}</span> : null}
          </li>
        ))}
    </HomeList>
  );
}

/** A titled list beside the contents, or the server's message (`loaded`) when there is nothing to list. */
function HomeList({
  id,
  title,
  loaded,
  more,
  children,
}: {
  id: string;
  title: string;
  loaded: number | string;
  more?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="home-list" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {typeof loaded === 'string' ? <p className="muted">{loaded}</p> : <ul>{children}</ul>}
      {more ? (
        <p className="home-more">
          <Link href={more.href}>{more.label}</Link>
        </p>
      ) : null}
    </section>
  );
}

function Placeholder({ lines }: { lines: number }) {
  return (
    <span className="home-placeholder" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="home-placeholder-line" />
      ))}
    </span>
  );
}
