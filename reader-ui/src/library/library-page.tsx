import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { NotFoundPage } from '../ui/not-found-page';
import { usePageTitle } from '../ui/use-page-title';
import '../blogs/blogs.css';
import { useLoad } from '../ui/use-load';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { HtmlContent } from '../ui/html-content';
import { Loading, Problem } from '../ui/loading';
import { useConfirm } from '../ui/confirm-dialog';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { deletePage, fetchLibraryPage, fetchParents, type LibraryPage, type PageEntry, type PageRead } from './api';
import { refreshLibraryMenus } from './menus';
import { pageMessages } from './page-form-model';
import { libraryApi, libraryPaths, pagePath } from './paths';
import { serverAnswer, servedResult } from '../ui/server-answers';
import { useHydrated } from '../ui/use-hydrated';
import { isLibraryPath } from '../ui/client-path';
import './library.css';

/**
 * `/{any/library/path}`: a library page (the server's sanitised HTML), its breadcrumbs and the
 * pages under it, with Edit and Delete for admins. A moved page's old address is replaced by its
 * new one; an unknown one shows the not-found page.
 */
export default function LibraryPageRoute() {
  const [location] = useLocation();
  // The route takes any lower-case path: those the site owns are no page.
  return isLibraryPath(location) ? <LibraryPageAt path={pagePath(location)} /> : <NotFoundPage />;
}

function LibraryPageAt({ path }: { path: string }) {
  const [, navigate] = useLocation();
  const hydrated = useHydrated();
  // The page as the server rendered it, while the browser hydrates it (the read below still runs).
  const [read, setRead] = useState<{ path: string; result: PageRead } | null>(() => {
    const served = hydrated ? undefined : serverAnswer<LibraryPage>(libraryApi.page(path));
    return served === undefined ? null : { path, result: servedResult({ page: served, movedTo: null }) };
  });

  useEffect(() => {
    const controller = new AbortController();
    fetchLibraryPage(path, controller.signal).then(
      (result) => setRead({ path, result }),
      () => undefined,
    );
    return () => controller.abort();
  }, [path]);

  const result = read?.path === path ? read.result : null;
  const movedTo = result?.ok ? result.data.movedTo : null;
  // The page lives elsewhere now: show its address (the old one is not kept in the history).
  useEffect(() => {
    if (movedTo !== null) navigate(`${movedTo}${window.location.search}${window.location.hash}`, { replace: true });
  }, [movedTo, navigate]);

  usePageTitle(result === null ? 'Loading' : result.ok ? result.data.page.name : result.message);
  if (result === null) return <Loading />;
  if (!result.ok) return result.status === 404 ? <NotFoundPage /> : <Problem message={result.message} />;
  return <PageView key={result.data.page.pageid} page={result.data.page} />;
}

/** The ancestors from the top down: the answer's parent at once, the whole line once /api/parents answers. */
function useAncestors(page: LibraryPage): readonly PageEntry[] {
  const loaded = useLoad(page.parent === null ? null : page.pageid, (signal) => fetchParents(page.pageid, signal));
  if (page.parent === null) return [];
  return loaded?.ok ? loaded.data.filter((entry) => entry.pageid !== page.pageid) : [page.parent];
}

function PageView({ page }: { page: LibraryPage }) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState(false);
  const { confirm, dialog } = useConfirm();
  const ancestors = useAncestors(page);

  const onDelete = async () => {
    if (deleting) return;
    if (
      !(await confirm({
        question: pageMessages.deleteConfirm,
        detail: `“${page.name}” will be removed from the library.`,
        confirmLabel: 'Delete',
        destructive: true,
      }))
    )
      return;
    setDeleting(true);
    const answer = await deletePage(page.pageid);
    if (!answer.ok) {
      setDeleting(false);
      toast(answer.problem.message ?? pageMessages.failed, 'error');
      return;
    }
    toast(answer.data.message || pageMessages.deleted, 'success');
    void refreshLibraryMenus();
    navigate(
      typeof answer.data.redirect === 'string' && answer.data.redirect.startsWith('/') && !answer.data.redirect.startsWith('//') ? answer.data.redirect : '/',
    );
  };

  return (
    <article className="library-page" aria-labelledby="library-page-heading" data-testid="library-page">
      <header className="post-header">
        {ancestors.length > 0 && <Breadcrumbs items={ancestors.map((entry) => ({ href: entry.url, label: entry.name }))} />}
        <h1 id="library-page-heading">{page.name}</h1>
        {page.isAuth && (
          <div className="post-actions">
            <Link href={libraryPaths.editPage(page.pageid)} className="button" data-testid="library-page-edit">
              Edit
            </Link>
            <SpinnerButton type="button" busy={deleting} className="post-delete" onClick={() => void onDelete()} data-testid="library-page-delete">
              Delete
            </SpinnerButton>
          </div>
        )}
      </header>
      <HtmlContent html={page.content} className="post-content prose" testId="library-page-content" />
      {page.children.length > 0 && (
        <nav className="library-children" aria-labelledby="library-children-heading">
          <h2 id="library-children-heading">In this section</h2>
          <ul data-testid="library-children">
            {page.children.map((child) => (
              <li key={child.pageid}>
                <Link href={child.url}>{child.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {dialog}
    </article>
  );
}
