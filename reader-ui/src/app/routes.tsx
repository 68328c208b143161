import type { ComponentType } from 'react';
import { Route, Switch, type RouteComponentProps } from 'wouter';
import { readerRoutes, type ReaderRouteName } from '@epos/schemas/reader-routes';
import { ConfirmEmailPage } from '../accounts/confirm-email-page';
import { ForgotPasswordPage } from '../accounts/forgot-password-page';
import { LoginPage } from '../accounts/login-page';
import { MyAccountPage } from '../accounts/my-account-page';
import { PasswordPage } from '../accounts/password-page';
import { RegisterPage } from '../accounts/register-page';
import { ResendActivationPage } from '../accounts/resend-activation-page';
import { ResetPasswordPage } from '../accounts/reset-password-page';
import { SectionPage } from '../poem/section-page';
import { SearchHighlighter } from '../lookup/search-highlight';
import { lazyScreen } from '../ui/lazy-screen';
import { SentencePage } from '../poem/sentence-page';
import { PermanentLinkPage } from '../poem/permanent-link-page';
import { AsOfSync } from '../poem/scholarship/as-of-control';
import { HomePage } from './home-page';
import { LastReadTracker } from './last-read';
import { ReviewMoved } from '../accounts/review-moved';
import { LIBRARY_ROUTE } from '../library/route';
import { NotFoundPage } from '../ui/not-found-page';
import { LazyStatsPage } from '../poem/stats/route';
import { LazyWorksPages } from '../works/route';
import { LazyNotificationsPage } from '../activity/route';

// Study pages load on demand, so the section page's first download stays small.
const LazyCompare = lazyScreen('src/poem/scholarship/compare-page.tsx', () => import('../poem/scholarship/compare-page'));
const LazyLookup = lazyScreen('src/lookup/lookup-page.tsx', () => import('../lookup/lookup-page'));
const LazyBlogs = lazyScreen('src/blogs/blog-routes.tsx', () => import('../blogs/blog-routes'));
const LazyMyNotes = lazyScreen('src/notes/my-notes-page.tsx', () => import('../notes/my-notes-page'));
const LazySearch = lazyScreen('src/search/search-page.tsx', () => import('../search/search-page'));
const LazyBooks = lazyScreen('src/books/book-routes.tsx', () => import('../books/book-routes'));
const LazyLibraryPage = lazyScreen('src/library/library-page.tsx', () => import('../library/library-page'));
const LazyPageEditor = lazyScreen('src/library/page-editor-routes.tsx', () => import('../library/page-editor-routes'));

/** Every reader route. Features add theirs above the catch-all. */
export function AppRoutes() {
  return (
    <>
      <Routes />
      {/* `?search=term` on a section page, and the "read as of" date for code outside the page */}
      <SearchHighlighter />
      {/* the last section read, for the home page's "Continue reading" */}
      <LastReadTracker />
      <AsOfSync />
    </>
  );
}

/** The screen of each route in the reader's route table (schemas/reader-routes.ts), which lists them in the order they are tried. */
const screens: { readonly [Name in ReaderRouteName]: ComponentType<RouteComponentProps> } = {
  home: HomePage,
  login: LoginPage,
  register: RegisterPage,
  password: PasswordPage,
  account: MyAccountPage,
  forgotPassword: ForgotPasswordPage,
  resendActivation: ResendActivationPage,
  resetPassword: ResetPasswordPage,
  confirmEmail: ConfirmEmailPage,
  section: SectionPage,
  sentence: SentencePage,
  permanentLink: PermanentLinkPage,
  compare: LazyCompare,
  lookup: LazyLookup,
  search: LazySearch,
  myNotes: LazyMyNotes,
  suggestions: ReviewMoved,
  blogs: LazyBlogs,
  books: LazyBooks,
  pageEditor: LazyPageEditor,
  counts: LazyStatsPage,
  works: LazyWorksPages,
  notifications: LazyNotificationsPage,
};

function Routes() {
  return (
    <Switch>
      {(Object.keys(readerRoutes) as ReaderRouteName[]).map((name) => (
        <Route key={name} path={readerRoutes[name].path} component={screens[name]} />
      ))}
      {/* Library pages live at any path the site does not own: keep this the last route before not-found. */}
      <Route path={LIBRARY_ROUTE} component={LazyLibraryPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
