import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { safeReturnUrl } from '../../ui/account-urls';
import { useAutosave } from '../../ui/editor/autosave';
import { useDraftOffer } from '../../ui/editor/draft-offer';
import { browserStorage } from '../../ui/editor/local-draft';
import { useEditorForm, useLeaveWarning } from '../../ui/editor/use-editor-form';
import { useToast } from '../../ui/toast';
import type { MyBlog } from '../api';
import { blogPaths } from '../paths';
import { autosavePost, createPost, fetchSeriesTitles, generateUrl, updatePost } from './api';
import { shouldOfferServerAutosave } from './autosave';
import { postDrafts, postTextRules } from './local-draft';
import { blogMessages, editorTexts } from './messages';
import {
  buildPostPayload,
  buildUpdatePayload,
  emptyForm,
  EMPTY_TEXT,
  fieldsFromServer,
  formFromPost,
  POST_FIELDS,
  POST_STATUS,
  saveFailureMessage,
  textOf,
  validatePost,
  type EditablePost,
  type PostField,
  type PostFormValues,
  type PostText,
} from './post-form-model';

/** The spec's wait before following a save's redirect (section 9). */
const REDIRECT_DELAY_MS = 3000;

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The post form's state: the shared editor form, the revision it saves on, a conflict, the
 * generated address, the series titles offered, the working copies to restore (this device's for a
 * new post, the server's autosave for a post) and the autosave itself.
 */
export function usePostForm({
  routeBlog,
  blogs,
  post,
  latestRevisionAt,
}: {
  routeBlog: string;
  blogs: readonly MyBlog[];
  post: EditablePost | null;
  latestRevisionAt: string | null;
}) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const form = useEditorForm<PostFormValues, PostField>({
    id: 'post',
    fields: POST_FIELDS,
    initial: () => (post === null ? emptyForm(blogs.some((b) => b.slug === routeBlog) ? routeBlog : '') : formFromPost(post)),
    validate: validatePost,
    focus: (name, id) => {
      if (name !== 'status') return false;
      document.querySelector<HTMLInputElement>(`input[name="${id}"]`)?.focus();
      return true;
    },
  });
  const { values } = form;
  const [revision, setRevision] = useState<number | null>(post?.revision ?? null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [generated, setGenerated] = useState<string | null>(null);
  const [seriesTitles, setSeriesTitles] = useState<readonly string[]>([]);
  const [serverOffer, setServerOffer] = useState(() => (post !== null && shouldOfferServerAutosave(post, latestRevisionAt) ? post.autosave : null));
  const local = useDraftOffer(postDrafts, browserStorage, post === null ? routeBlog : null);

  const text = useMemo(() => textOf(values), [values]);
  const initialText = useMemo(() => (post === null ? EMPTY_TEXT : textOf(post)), [post]);
  // Every 10 s: beside the post on the server once it exists, else in this browser under the blog's key.
  const autosave = useAutosave({
    text,
    initial: initialText,
    target: post === null ? 'device' : 'server',
    rules: postTextRules,
    paused: form.done,
    keep: (current) => {
      const now = new Date().toISOString();
      if (post === null) return postDrafts.write(browserStorage(), routeBlog, { text: current, savedAt: now }) ? now : null;
      return autosavePost(post.id, current).then((answer) => (answer.ok ? (answer.data.at ?? new Date().toISOString()) : null));
    },
  });
  // Leaving with unsaved changes asks first (a new post's copy is also kept on this device).
  useLeaveWarning(autosave.dirty && !form.done);

  // Series titles of the chosen blog, as suggestions.
  useEffect(() => {
    if (values.blog_id === '') return;
    const controller = new AbortController();
    fetchSeriesTitles(values.blog_id, controller.signal)
      .then(setSeriesTitles)
      .catch(() => undefined);
    return () => controller.abort();
  }, [values.blog_id]);

  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (redirectTimer.current !== null) clearTimeout(redirectTimer.current);
    },
    [],
  );

  const applyText = useCallback((restored: PostText) => form.apply(textOf(restored)), [form.apply]);

  const onGenerateUrl = form.generate('title', editorTexts.titleNeeded, async (title) => {
    const answer = await generateUrl(title);
    if (!answer.ok || answer.data === null) {
      toast(answer.ok ? blogMessages.failed : saveFailureMessage(answer.status, answer.problem.message), 'error');
      return;
    }
    setGenerated(answer.data.url);
    toast(answer.data.message ?? blogMessages.urlGenerated, 'success');
  });

  const onSubmit = form.submit(async (saving) => {
    setConflict(null);
    const timeZone = browserTimeZone();
    const answer =
      post === null ? await createPost(buildPostPayload(saving, timeZone)) : await updatePost(buildUpdatePayload(saving, timeZone, post.id, revision));
    if (!answer.ok) {
      const message = saveFailureMessage(answer.status, answer.problem.message);
      toast(message, 'error');
      if (answer.status === 409) setConflict(message);
      const fields = answer.status === 400 ? fieldsFromServer(answer.problem.fields.map((f) => f.field)) : [];
      if (fields.length > 0) form.showIssues([{ message: blogMessages.required, fields }]);
      return false;
    }
    const saved = answer.data;
    autosave.markSaved(text, new Date().toISOString());
    if (post === null) postDrafts.remove(browserStorage(), routeBlog);
    if (saved.revision !== null) setRevision(saved.revision);
    toast(saved.message ?? (post === null ? blogMessages.posted : blogMessages.updated), 'success');
    const fallback =
      saving.status === POST_STATUS.scheduled
        ? blogPaths.scheduled(saving.blog_id)
        : saved.url !== null
          ? blogPaths.post(saving.blog_id, saved.url)
          : blogPaths.blog(saving.blog_id);
    const target = saved.redirect === null ? fallback : safeReturnUrl(saved.redirect);
    redirectTimer.current = setTimeout(() => navigate(target), REDIRECT_DELAY_MS);
    return true;
  });

  /** A revision put back from the history: the server holds it now. */
  const onRestored = (restored: PostText, newRevision: number | null) => {
    applyText(restored);
    autosave.markSaved(restored, new Date().toISOString());
    if (newRevision !== null) setRevision(newRevision);
    setConflict(null);
  };

  return { form, revision, conflict, generated, seriesTitles, serverOffer, setServerOffer, local, autosave, applyText, onGenerateUrl, onSubmit, onRestored };
}
