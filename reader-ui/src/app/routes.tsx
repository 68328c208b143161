import type { ComponentType } from 'react';
import { Route, Switch, type RouteComponentProps } from 'wouter';
import { readerRoutes, type ReaderRouteName } from '@epos/schemas/reader-routes';
import { SectionPage } from '../poem/section-page';
import { SearchHighlighter } from '../lookup/search-highlight';
import { lazyScreen } from '../ui/lazy-screen';
import { AsOfSync } from '../poem/scholarship/as-of-control';
import { LastReadTracker } from './last-read';
import { ReadingTracker } from '../poem/reading/reading-tracker';
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
const LazyMyStudy = lazyScreen('src/app/my-study-page.tsx', () => import('./my-study-page'));
const LazyPlans = lazyScreen('src/poem/plans/plan-pages.tsx', () => import('../poem/plans/plan-pages'));
const LazySearch = lazyScreen('src/search/search-page.tsx', () => import('../search/search-page'));
const LazyBooks = lazyScreen('src/books/book-routes.tsx', () => import('../books/book-routes'));
const LazyDownloads = lazyScreen('src/poem/downloads/downloads-page.tsx', () => import('../poem/downloads/downloads-page'));
const LazyLibraryPage = lazyScreen('src/library/library-page.tsx', () => import('../library/library-page'));
const LazyPageEditor = lazyScreen('src/library/page-editor-routes.tsx', () => import('../library/page-editor-routes'));
// The home page and a sentence's pages (rendered on the server, which links their code: ../ui/lazy-screen.tsx).
const LazyHome = lazyScreen('src/app/home-page.tsx', async () => ({ default: (await import('./home-page')).HomePage }));
const LazySentence = lazyScreen('src/poem/sentence-page.tsx', async () => ({ default: (await import('../poem/sentence-page')).SentencePage }));
const LazyPermanentLink = lazyScreen('src/poem/permanent-link-page.tsx', async () => ({
  default: (await import('../poem/permanent-link-page')).PermanentLinkPage,
}));
// The account pages too: a reader arrives at a section, not at a form.
const LazyLogin = lazyScreen('src/accounts/login-page.tsx', async () => ({ default: (await import('../accounts/login-page')).LoginPage }));
const LazyRegister = lazyScreen('src/accounts/register-page.tsx', async () => ({ default: (await import('../accounts/register-page')).RegisterPage }));
const LazyPassword = lazyScreen('src/accounts/password-page.tsx', async () => ({ default: (await import('../accounts/password-page')).PasswordPage }));
const LazyMyAccount = lazyScreen('src/accounts/my-account-page.tsx', async () => ({ default: (await import('../accounts/my-account-page')).MyAccountPage }));
const LazyForgotPassword = lazyScreen('src/accounts/forgot-password-page.tsx', async () => ({
  default: (await import('../accounts/forgot-password-page')).ForgotPasswordPage,
}));
const LazyResendActivation = lazyScreen('src/accounts/resend-activation-page.tsx', async () => ({
  default: (await import('../accounts/resend-activation-page')).ResendActivationPage,
}));
const LazyResetPassword = lazyScreen('src/accounts/reset-password-page.tsx', async () => ({
  default: (await import('../accounts/reset-password-page')).ResetPasswordPage,
}));
const LazyConfirmEmail = lazyScreen('src/accounts/confirm-email-page.tsx', async () => ({
  default: (await import('../accounts/confirm-email-page')).ConfirmEmailPage,
}));

/** Every reader route. Features add theirs above the catch-all. */
export function AppRoutes() {
  return (
    <>
      <Routes />
      {/* `?search=term` on a section page, and the "read as of" date for code outside the page */}
      <SearchHighlighter />
      {/* the last section read, for the home page's "Continue reading" */}
      <LastReadTracker />
      {/* a signed-in reader's reading time and place, kept by the server */}
      <ReadingTracker />
      <AsOfSync />
    </>
  );
}

/** The screen of each route in the reader's route table (schemas/reader-routes.ts), which lists them in the order they are tried. */
const screens: { readonly [Name in ReaderRouteName]: ComponentType<RouteComponentProps> } = {
  home: LazyHome,
  login: LazyLogin,
  register: LazyRegister,
  password: LazyPassword,
  account: LazyMyAccount,
  forgotPassword: LazyForgotPassword,
  resendActivation: LazyResendActivation,
  resetPassword: LazyResetPassword,
  confirmEmail: LazyConfirmEmail,
  section: SectionPage,
  sentence: LazySentence,
  permanentLink: LazyPermanentLink,
  compare: LazyCompare,
  lookup: LazyLookup,
  search: LazySearch,
  myNotes: LazyMyNotes,
  myStudy: LazyMyStudy,
  plans: LazyPlans,
  suggestions: ReviewMoved,
  blogs: LazyBlogs,
  books: LazyBooks,
  pageEditor: LazyPageEditor,
  counts: LazyStatsPage,
  works: LazyWorksPages,
  notifications: LazyNotificationsPage,
  downloads: LazyDownloads,
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
