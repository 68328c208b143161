import { useEffect, useState, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { useMe } from '../../ui/session';
import { loginHref } from '../../ui/account-urls';
import { GENERIC_ERROR } from '../../ui/messages';
import { NotFoundPage } from '../../ui/not-found-page';
import { usePageTitle } from '../../ui/use-page-title';
import { Loading, Problem } from '../../ui/loading';
import { blogPaths } from '../paths';
import { fetchMyBlogs, type ListKind } from './api';
import { editorTexts } from './messages';
import { PostFormPage } from './post-form-page';
import { PostListPage } from './post-list-page';
import '../../ui/editor/editor.css';

/** Editor pages are for signed-in writers: others go to log in, and come back. */
function SignedIn({ children }: { children: ReactNode }) {
  const me = useMe();
  const [location] = useLocation();
  const search = useSearch();
  if (me === null) return <Loading />;
  if (!me.loggedIn) return <Redirect to={loginHref(search === '' ? location : `${location}?${search}`)} replace />;
  return <>{children}</>;
}

/** /schedule and /draft: the list of the writer's first blog. */
function FirstBlogList({ kind }: { kind: ListKind }) {
  usePageTitle(kind === 'scheduled' ? 'Scheduled posts' : 'Drafts');
  const [target, setTarget] = useState<{ to: string } | { problem: string } | null>(null);
  useEffect(() => {
    let live = true;
    void fetchMyBlogs().then((answer) => {
      if (!live) return;
      const first = answer.ok ? answer.data[0] : undefined;
      if (first !== undefined) setTarget({ to: kind === 'scheduled' ? blogPaths.scheduled(first.slug) : blogPaths.drafts(first.slug) });
      else setTarget({ problem: answer.ok ? editorTexts.noBlogs : GENERIC_ERROR });
    });
    return () => {
      live = false;
    };
  }, [kind]);
  if (target === null) return <Loading />;
  if ('problem' in target) return <Problem message={target.problem} />;
  return <Redirect to={target.to} replace />;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The post editor's pages, loaded on demand by blog-routes.tsx: new post, edit
 * post, a blog's scheduled and draft lists, and /schedule and /draft. All of them
 * are for signed-in writers (blog-routes.tsx mounts this only for those paths).
 */
export default function EditorRoutes() {
  return (
    <SignedIn>
      <Switch>
        <Route path="/blogs/:blog/new">{(p) => <PostFormPage key={`new:${p.blog}`} blog={decode(p.blog)} />}</Route>
        <Route path="/blogs/:blog/scheduled">{(p) => <PostListPage key={`scheduled:${p.blog}`} blog={decode(p.blog)} kind="scheduled" />}</Route>
        <Route path="/blogs/:blog/draft">{(p) => <PostListPage key={`draft:${p.blog}`} blog={decode(p.blog)} kind="draft" />}</Route>
        <Route path="/blogs/:blog/:postUrl/editpost">
          {(p) => <PostFormPage key={`edit:${p.blog}/${p.postUrl}`} blog={decode(p.blog)} postUrl={decode(p.postUrl)} />}
        </Route>
        <Route path="/schedule">
          <FirstBlogList kind="scheduled" />
        </Route>
        <Route path="/draft">
          <FirstBlogList kind="draft" />
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </SignedIn>
  );
}
