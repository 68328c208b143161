import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { readerRoutes } from '@epos/schemas/reader-routes';
import { useMe } from '../ui/session';
import { loginHref } from '../ui/account-urls';
import { usePageTitle } from '../ui/use-page-title';
import { Loading } from '../ui/loading';
import { MyHighlights } from '../poem/highlights/my-highlights';
import { MyBookmarks } from '../poem/bookmarks/my-bookmarks';
import { MyReading } from '../poem/reading/my-reading';
import { MyPlans } from '../poem/plans/my-plans';
import { MyNotesList } from '../notes/my-notes-page';
import '../poem/highlights/my-study.css';

type Part = 'highlights' | 'notes' | 'bookmarks' | 'reading' | 'plans';
const parts: readonly { part: Part; label: string }[] = [
  { part: 'highlights', label: 'Highlights' },
  { part: 'notes', label: 'Notes' },
  { part: 'bookmarks', label: 'Bookmarks' },
  { part: 'reading', label: 'Reading' },
  { part: 'plans', label: 'Plans' },
];
const partOf = (hash: string): Part => parts.find((p) => `#${p.part}` === hash)?.part ?? 'highlights';

const screens: Record<Part, () => ReactNode> = {
  highlights: () => <MyHighlights />,
  notes: () => <MyNotesList />,
  bookmarks: () => <MyBookmarks />,
  reading: () => <MyReading />,
  plans: () => <MyPlans />,
};

/**
 * `/my/study`: the signed-in reader's highlights (by colour), notes and bookmarks (by collection), in the
 * poem's order or the newest first, by book, to download as markdown or JSON; their reading (days,
 * streaks, sessions); and their reading plans. `#notes`, `#bookmarks`, `#reading` and `#plans` open the others.
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
          <Link href={loginHref(readerRoutes.myStudy.path)}>Log in</Link> to see your highlights, notes, bookmarks, reading and plans.
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
          {screens[part]()}
        </>
      )}
    </section>
  );
}
