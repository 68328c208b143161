import { Route, Switch } from 'wouter';
import { HomePage } from './home-page';
import { NotFoundPage } from './not-found-page';

/**
 * Every reader route. Features add theirs above the catch-all, e.g.
 * `<Route path="/:book/:canto/:section/:edition?" component={SectionPage} />`.
 */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
