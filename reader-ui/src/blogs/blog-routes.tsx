import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Switch, useParams } from 'wouter';
import { NotFoundPage } from '../ui/not-found-page';
import { Loading } from '../ui/loading';
import '../poem/poem.css';
import { BlogArchivePage, TocPage, UserArchivePage } from './archive-pages';
import { BlogPage } from './blog-page';
import './blogs.css';
import { BlogsPage } from './blogs-page';
import { blogRoutes, feedPaths, type BlogRouteName } from './paths';
import { PostPage } from './post-page';
import { SeriesListPage } from './series-list-page';
import { SeriesPage } from './series-page';
import { UnsubscribePage } from './unsubscribe-page';

// The post editor (another chunk again): new and edited posts, scheduled and draft lists.
const EditorRoutes = lazy(() => import('./editor/editor-routes'));

function LazyEditor() {
  return (
    <Suspense fallback={<Loading />}>
      <EditorRoutes />
    </Suspense>
  );
}

/** `/blogs/{blog}/feed` in the reader: the feed is the API's, so go there. */
function FeedRedirect() {
  const { blog = '' } = useParams<{ blog?: string }>();
  const href = feedPaths.rss(blog);
  useEffect(() => window.location.replace(href), [href]);
  return (
    <p className="prose">
      Opening <a href={href}>the feed</a>…
    </p>
  );
}

const pages: Record<BlogRouteName, ComponentType> = {
  editor: LazyEditor,
  blogs: BlogsPage,
  seriesList: SeriesListPage,
  series: SeriesPage,
  archive: BlogArchivePage,
  toc: TocPage,
  feed: FeedRedirect,
  blog: BlogPage,
  post: PostPage,
  user: UserArchivePage,
  unsubscribe: UnsubscribePage,
};

/**
 * Every page under /blogs, /user, /schedule, /draft and /unsubscribe (app/routes.tsx
 * loads this chunk for them). The order is paths.ts's: the editor's pages and a blog's
 * reserved pages (series, archive, toc, feed…) before /blogs/{blog}/{postUrl}.
 */
export default function BlogRoutes() {
  return (
    <Switch>
      {blogRoutes.map((route) => (
        <Route key={route.name} path={route.pattern} component={pages[route.name]} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
