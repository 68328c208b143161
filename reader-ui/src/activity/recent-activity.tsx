import { Link } from 'wouter';
import { GENERIC_ERROR } from '../ui/messages';
import { LinkedText } from '../ui/linked-text';
import { Loading } from '../ui/loading';
import { profilePath } from '../ui/account-urls';
import { fetchRecents, type ActivityItem } from './api';
import { activityLine, activityMessages, contentIsTitle } from './words';
import { useFeedPages, LoadMore } from './feed-pages';
import { ItemLink, When } from './feed-parts';
import { appendPage } from '../ui/paging';

const activityKey = (item: ActivityItem) => `${item.DateofActivity}|${item.activityType}|${item.url}|${item.user}`;

const appendActivity = (shown: readonly ActivityItem[], page: readonly ActivityItem[]) => appendPage(shown, page, activityKey);

/** Everyone's recent activity on the site, a page at a time. */
export function RecentActivity() {
  const paged = useFeedPages(fetchRecents, appendActivity);
  const { list } = paged;

  return (
    <section className="activity-section" aria-labelledby="recent-heading">
      <h2 id="recent-heading">Recent activity</h2>
      {list.status === 'loading' ? (
        <Loading />
      ) : list.status === 'failed' ? (
        <p className="muted">{GENERIC_ERROR}</p>
      ) : list.items.length === 0 ? (
        <p className="muted">{activityMessages.noActivity}</p>
      ) : (
        <ul className="activity-list" aria-labelledby="recent-heading">
          {list.items.map((item) => (
            <ActivityEntry key={activityKey(item)} item={item} />
          ))}
        </ul>
      )}
      <LoadMore {...paged} />
    </section>
  );
}

/** "Mira published a post: <title>", or "Mira <commented>" over an excerpt of the comment with its sentence links. */
function ActivityEntry({ item }: { item: ActivityItem }) {
  const { who, what } = activityLine(item);
  const excerpt = contentIsTitle[item.activityType] ? '' : item.content.trim();
  return (
    <li className="activity" data-testid="activity">
      <p className="activity-what">
        {who !== null && (item.userId !== null ? <Link href={profilePath(item.userId)}>{who}</Link> : <span>{who}</span>)}
        {who !== null && ' '}
        {contentIsTitle[item.activityType] ? (
          <>
            {what}
            {': '}
            <ItemLink url={item.url}>{item.content.trim() === '' ? item.url : item.content}</ItemLink>
          </>
        ) : (
          <ItemLink url={item.url}>{what}</ItemLink>
        )}
        {excerpt !== '' && (
          <span className="activity-content">
            <LinkedText text={excerpt} />
          </span>
        )}
      </p>
      <p className="activity-when">
        <When at={item.DateofActivity} />
      </p>
    </li>
  );
}
