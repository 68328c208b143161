import { useEffect, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { can, useMe } from '../ui/session';
import { loginHref } from '../ui/account-urls';
import { serverSaid } from '../ui/http';
import { NOT_FOUND } from '../ui/messages';
import { usePageTitle } from '../ui/use-page-title';
import '../ui/editor/editor.css';
import { Loading, Problem } from '../ui/loading';
import { fetchPageInfo, fetchParentInfo, type PageEntry } from './api';
import { EMPTY_PAGE, formFromInfo, pageMessages, type PageFormValues } from './page-form-model';
import { PageForm } from './page-form';
import { EDITOR_PATHS } from './paths';
import './library.css';

type EditorState =
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly message: string }
  | {
      readonly state: 'ready';
      readonly page: { readonly id: string; readonly revision: number; readonly url: string } | null;
      readonly initial: PageFormValues;
      readonly parents: readonly PageEntry[];
    };

async function load(id: string | null, signal: AbortSignal): Promise<EditorState> {
  const [parents, info] = await Promise.all([fetchParentInfo(signal), id === null ? null : fetchPageInfo(id, signal)]);
  if (!parents.ok) return { state: 'failed', message: serverSaid(parents) };
  const list = Array.isArray(parents.data) ? parents.data : [];
  if (info === null) return { state: 'ready', page: null, initial: EMPTY_PAGE, parents: list };
  if (!info.ok) return { state: 'failed', message: serverSaid(info) };
  return { state: 'ready', page: { id: info.data.id, revision: info.data.revision, url: info.data.url }, initial: formFromInfo(info.data), parents: list };
}

/** `/newpage` and `/editpage?id={pageId}`: the page editor. */
function PageEditorPage({ id }: { id: string | null }) {
  const title = id === null ? 'New page' : 'Edit page';
  usePageTitle(title);
  const [editor, setEditor] = useState<EditorState>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setEditor({ state: 'loading' });
    load(id, controller.signal)
      .then(setEditor)
      .catch(() => undefined); // left the page
    return () => controller.abort();
  }, [id]);

  if (editor.state === 'loading') return <Loading />;
  if (editor.state === 'failed') return <Problem message={editor.message} />;
  return (
    <section className="post-editor-page" aria-labelledby="page-editor-heading">
      <h1 id="page-editor-heading">{title}</h1>
      <PageForm key={editor.page?.id ?? 'new'} page={editor.page} initial={editor.initial} parents={editor.parents} />
    </section>
  );
}

/**
 * The page editor's screens, for admins (the 'library.manage' permission): visitors go to log in
 * and come back; other signed-in readers are told the page is not for them.
 */
export default function PageEditorRoutes() {
  const me = useMe();
  const [location] = useLocation();
  const search = useSearch();
  if (me === null) return <Loading />;
  if (!me.loggedIn) return <Redirect to={loginHref(search === '' ? location : `${location}?${search}`)} replace />;
  if (!can(me, 'library.manage')) return <Problem message={pageMessages.notAllowed} />;
  if (location.replace(/\/$/, '') === EDITOR_PATHS.newPage) return <PageEditorPage id={null} />;
  const id = new URLSearchParams(search).get('id');
  if (id === null || id.trim() === '') return <Problem message={NOT_FOUND} />;
  return <PageEditorPage key={id} id={id} />;
}
