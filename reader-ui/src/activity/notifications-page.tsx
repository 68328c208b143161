import { useMe } from '../ui/session';
import { usePageTitle } from '../ui/use-page-title';
import { Loading } from '../ui/loading';
import './activity.css';
import { ForYou } from './for-you';
import { RecentActivity } from './recent-activity';
import { SignInHint } from './feed-parts';

/** `/notifications`: a signed-in reader's notifications ("For you"), then everyone's recent activity. */
export default function NotificationsPage() {
  const me = useMe();
  usePageTitle('Notifications');
  return (
    <div className="prose activity-page">
      <h1>Notifications</h1>
      {me === null ? <Loading /> : me.loggedIn ? <ForYou /> : <SignInHint />}
      <RecentActivity />
    </div>
  );
}
