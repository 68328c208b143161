import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ConfirmEmailPage } from '../accounts/confirm-email-page';
import { ForgotPasswordPage } from '../accounts/forgot-password-page';
import { LoginPage } from '../accounts/login-page';
import { MyAccountPage } from '../accounts/my-account-page';
import { PasswordPage } from '../accounts/password-page';
import { RegisterPage } from '../accounts/register-page';
import { ResendActivationPage } from '../accounts/resend-activation-page';
import { ResetPasswordPage } from '../accounts/reset-password-page';
import { accountPaths } from '../accounts/urls';
import { SectionPage } from '../poem/section-page';
import { SearchHighlighter } from '../lookup/search-highlight';
import { Loading } from '../poem/loading';
import { SentencePage } from '../poem/sentence-page';
import { PermanentLinkPage, PERMANENT_LINK_ROUTE } from '../poem/permanent-link-page';
import { AsOfSync } from '../scholarship/as-of-control';
import { HomePage } from './home-page';
import { LastReadTracker } from './last-read';
import { notesPaths } from '../notes/paths';
import { SEARCH_PATH } from '../search/address';
import { ReviewMoved } from '../suggestions/review-moved';
import { LIBRARY_ROUTE } from '../library/route';
import { NotFoundPage } from './not-found-page';
import { COUNTS_ROUTE, LazyStatsPage } from '../stats/route';
import { LazyWorksPages, WORKS_ROUTE } from '../works/route';
import { LazyNotificationsPage, NOTIFICATIONS_PATH } from '../activity/route';

/** A section, in the First edition (no suffix) or another: /1/2/3, /1/2/3/revised. */
const SECTION_ROUTE = /^\/\d+\/\d+\/\d+(?:\/(?:centenary|revised))?\/?$/;
/** A sentence page: /12 (digits only, one segment). */
const SENTENCE_ROUTE = /^\/\d+\/?$/;

/** The edition compare view: /compare/1/2/3 (?a=first&b=revised). */
const COMPARE_ROUTE = /^\/compare\/\d+\/\d+\/\d+\/?$/;

// Study pages load on demand, so the section page's first download stays small.
const ComparePage = lazy(() => import('../scholarship/compare-page'));
const LookupPage = lazy(() => import('../lookup/lookup-page'));
const BlogRoutes = lazy(() => import('../blogs/blog-routes'));
const MyNotesPage = lazy(() => import('../notes/my-notes-page'));
const SearchPage = lazy(() => import('../search/search-page'));
const BookRoutes = lazy(() => import('../books/book-routes'));
const LibraryPage = lazy(() => import('../library/library-page'));
const PageEditorRoutes = lazy(() => import('../library/page-editor-routes'));

/** The books section: /books, /books/{author}, /books/{author}/{book}. */
const BOOKS_ROUTE = /^\/books(?:\/.*)?$/;
/** The library page editor: /newpage and /editpage?id={pageId}. */
const PAGE_EDITOR_ROUTE = /^\/(?:newpage|editpage)\/?$/;

/** Blogs, their posts, series, archives, editor and lists, authors' archives, unsubscribing. */
const BLOG_ROUTE = /^\/(?:blogs|user|schedule|draft|unsubscribe)(?:\/.*)?$/;

function LazyBlogs() {
  return (
    <Suspense fallback={<Loading />}>
      <BlogRoutes />
    </Suspense>
  );
}

function LazyBooks() {
  return (
    <Suspense fallback={<Loading />}>
      <BookRoutes />
    </Suspense>
  );
}

function LazyLibraryPage() {
  return (
    <Suspense fallback={<Loading />}>
      <LibraryPage />
    </Suspense>
  );
}

function LazyPageEditor() {
  return (
    <Suspense fallback={<Loading />}>
      <PageEditorRoutes />
    </Suspense>
  );
}

function LazyCompare() {
  return (
    <Suspense fallback={<Loading />}>
      <ComparePage />
    </Suspense>
  );
}

function LazyMyNotes() {
  return (
    <Suspense fallback={<Loading />}>
      <MyNotesPage />
    </Suspense>
  );
}

function LazySearch() {
  return (
    <Suspense fallback={<Loading />}>
      <SearchPage />
    </Suspense>
  );
}

function LazyLookup() {
  return (
    <Suspense fallback={<Loading />}>
      <LookupPage />
    </Suspense>
  );
}

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

function Routes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path={accountPaths.login} component={LoginPage} />
      <Route path={accountPaths.register} component={RegisterPage} />
      <Route path={accountPaths.password} component={PasswordPage} />
      <Route path={accountPaths.account} component={MyAccountPage} />
      <Route path={accountPaths.forgotPassword} component={ForgotPasswordPage} />
      <Route path={accountPaths.resendActivation} component={ResendActivationPage} />
      <Route path={accountPaths.resetPassword} component={ResetPasswordPage} />
      <Route path={accountPaths.confirmEmail} component={ConfirmEmailPage} />
      <Route path={SECTION_ROUTE} component={SectionPage} />
      <Route path={SENTENCE_ROUTE} component={SentencePage} />
      <Route path={PERMANENT_LINK_ROUTE} component={PermanentLinkPage} />
      <Route path={COMPARE_ROUTE} component={LazyCompare} />
      <Route path="/lookup" component={LazyLookup} />
      <Route path={SEARCH_PATH} component={LazySearch} />
      <Route path={notesPaths.myNotes} component={LazyMyNotes} />
      <Route path="/suggestions" component={ReviewMoved} />
      <Route path={BLOG_ROUTE} component={LazyBlogs} />
      <Route path={BOOKS_ROUTE} component={LazyBooks} />
      <Route path={PAGE_EDITOR_ROUTE} component={LazyPageEditor} />
      <Route path={COUNTS_ROUTE} component={LazyStatsPage} />
      <Route path={WORKS_ROUTE} component={LazyWorksPages} />
      <Route path={NOTIFICATIONS_PATH} component={LazyNotificationsPage} />
      {/* Library pages live at any path the site does not own: keep this the last route before not-found. */}
      <Route path={LIBRARY_ROUTE} component={LazyLibraryPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
