import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { ContentField } from './content-field';
import { safeReturnUrl } from '../../ui/account-urls';
import { FormField, RequiredMark } from '../../ui/form-field';
import { firstInvalidField, issueIndexesFor, stillFailing, type Issue } from '../../ui/form-issues';
import { FormIssues } from '../../ui/form-issues-list';
import { SpinnerButton } from '../../ui/spinner-button';
import { useToast } from '../../ui/toast';
import { countLabel } from '../archive';
import { formatShortDateTime } from '@epos/schemas/dates/formats';
import { blogPaths } from '../paths';
import { createPost, fetchSeriesTitles, generateUrl, updatePost } from './api';
import { shouldOfferServerAutosave } from './autosave';
import { HistoryPanel } from './history-panel';
import { browserStorage, readLocalDraft, removeLocalDraft, type LocalDraft } from './local-draft';
import { blogMessages, editorTexts } from './messages';
import {
  buildPostPayload,
  buildUpdatePayload,
  emptyForm,
  fieldsFromServer,
  formFromPost,
  isAlreadyPublished,
  POST_FIELDS,
  POST_STATUS,
  saveFailureMessage,
  statusOptions,
  textOf,
  validatePost,
  EMPTY_TEXT,
  type EditablePost,
  type PostField,
  type PostFormValues,
  type PostStatus,
  type PostText,
} from './post-form-model';
import type { MyBlog } from '../api';
import { countWords } from './text-stats';
import { useAutosave } from './use-autosave';
import { useImageUpload } from './use-image-upload';

// MDXEditor is large: only the form pages load it, not the scheduled and draft lists.

/** The spec's wait before following a save's redirect (section 9). */
export const REDIRECT_DELAY_MS = 3000;

const FORM_ID = 'post';
const fieldId = (name: PostField) => `${FORM_ID}-${name}`;
const issueId = (index: number) => `${FORM_ID}-issue-${index}`;

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export interface PostFormProps {
  /** The blog in the address. */
  readonly routeBlog: string;
  readonly blogs: readonly MyBlog[];
  /** The post being edited; null for a new one. */
  readonly post: EditablePost | null;
  /** When the post's latest revision was made (for the autosave offer), if known. */
  readonly latestRevisionAt: string | null;
}

/** The post form (new and edit): blog, title, subtitle, series, excerpt, the markdown, status; autosave and history. */
export function PostForm({ routeBlog, blogs, post, latestRevisionAt }: PostFormProps) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const isNew = post === null;
  const published = isAlreadyPublished(post);

  const [values, setValues] = useState<PostFormValues>(() =>
    post === null ? emptyForm(blogs.some((b) => b.slug === routeBlog) ? routeBlog : '') : formFromPost(post),
  );
  const [revision, setRevision] = useState<number | null>(post?.revision ?? null);
  const [issues, setIssues] = useState<readonly Issue<PostField>[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [generated, setGenerated] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [seriesTitles, setSeriesTitles] = useState<readonly string[]>([]);
  const [serverOffer, setServerOffer] = useState(() => (post !== null && shouldOfferServerAutosave(post, latestRevisionAt) ? post.autosave : null));
  const [localOffer, setLocalOffer] = useState<LocalDraft | null>(() => (post === null ? readLocalDraft(browserStorage(), routeBlog) : null));
  const running = useRef(false);

  const text = useMemo(() => textOf(values), [values]);
  const initialText = useMemo(() => (post === null ? EMPTY_TEXT : textOf(post)), [post]);
  const autosave = useAutosave({ postId: post?.id ?? null, blog: routeBlog, text, initial: initialText, paused: done });

  // Shown messages clear as their fields are fixed; new ones wait for the next save.
  useEffect(() => setIssues((shown) => stillFailing(shown, validatePost(values))), [values]);

  // Series titles of the chosen blog, as suggestions.
  useEffect(() => {
    if (values.blog_id === '') return;
    const controller = new AbortController();
    fetchSeriesTitles(values.blog_id, controller.signal)
      .then(setSeriesTitles)
      .catch(() => undefined);
    return () => controller.abort();
  }, [values.blog_id]);

  // Leaving with unsaved changes asks first (a new post's copy is also kept on this device).
  useEffect(() => {
    if (!autosave.dirty || done) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [autosave.dirty, done]);

  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (redirectTimer.current !== null) clearTimeout(redirectTimer.current);
  }, []);

  const set = useCallback(<K extends keyof PostFormValues>(name: K, value: PostFormValues[K]) => setValues((v) => ({ ...v, [name]: value })), []);
  const applyText = useCallback((restored: PostText) => setValues((v) => ({ ...v, ...textOf(restored) })), []);
  const onContentChange = useCallback((md: string) => set('md_content', md), [set]);

  const binding = (name: PostField) => {
    const mine = issueIndexesFor(issues, name);
    return { invalid: mine.length > 0, describedBy: mine.length > 0 ? mine.map(issueId).join(' ') : undefined };
  };

  const focusField = (name: PostField) => {
    if (name === 'md_content') {
      document.querySelector<HTMLElement>('[data-testid="post-editor-source"], [data-testid="post-editor-content"]')?.focus();
    } else if (name === 'status') {
      document.querySelector<HTMLInputElement>(`input[name="${fieldId('status')}"]`)?.focus();
    } else {
      document.getElementById(fieldId(name))?.focus();
    }
  };

  const uploadImage = useImageUpload();

  const onGenerateUrl = async () => {
    if (generating) return;
    if (values.title.trim() === '') {
      toast(editorTexts.titleNeeded, 'error');
      focusField('title');
      return;
    }
    setGenerating(true);
    const answer = await generateUrl(values.title.trim());
    setGenerating(false);
    if (!answer.ok || answer.data === null) {
      toast(answer.ok ? blogMessages.failed : saveFailureMessage(answer.status, answer.problem.message), 'error');
      return;
    }
    setGenerated(answer.data.url);
    toast(answer.data.message ?? blogMessages.urlGenerated, 'success');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current || done) return;
    const found = validatePost(values);
    setIssues(found);
    if (found.length > 0) {
      const first = firstInvalidField(POST_FIELDS, found);
      if (first !== undefined) focusField(first);
      return;
    }
    running.current = true;
    setBusy(true);
    setConflict(null);
    const timeZone = browserTimeZone();
    const answer = post === null ? await createPost(buildPostPayload(values, timeZone)) : await updatePost(buildUpdatePayload(values, timeZone, post.id, revision));
    running.current = false;
    if (!answer.ok) {
      setBusy(false);
      const message = saveFailureMessage(answer.status, answer.problem.message);
      toast(message, 'error');
      if (answer.status === 409) setConflict(message);
      const fields = answer.status === 400 ? fieldsFromServer(answer.problem.fields.map((f) => f.field)) : [];
      if (fields.length > 0) setIssues([{ message: blogMessages.required, fields }]);
      return;
    }
    const saved = answer.data;
    autosave.markSaved(text);
    if (post === null) removeLocalDraft(browserStorage(), routeBlog);
    if (saved.revision !== null) setRevision(saved.revision);
    setDone(true);
    toast(saved.message ?? (post === null ? blogMessages.posted : blogMessages.updated), 'success');
    const fallback = values.status === POST_STATUS.scheduled ? blogPaths.scheduled(values.blog_id) : saved.url !== null ? blogPaths.post(values.blog_id, saved.url) : blogPaths.blog(values.blog_id);
    const target = saved.redirect === null ? fallback : safeReturnUrl(saved.redirect);
    redirectTimer.current = setTimeout(() => navigate(target), REDIRECT_DELAY_MS);
  };

  const discardLocalOffer = () => {
    // Only the offered copy: typing since may have kept a newer one.
    if (localOffer !== null && readLocalDraft(browserStorage(), routeBlog)?.savedAt === localOffer.savedAt) removeLocalDraft(browserStorage(), routeBlog);
    setLocalOffer(null);
  };

  const options = statusOptions(published);
  const excerptWords = countWords(values.excerpt);
  const saveLabel = !isNew ? 'Update' : values.status === POST_STATUS.scheduled ? 'Schedule' : values.status === POST_STATUS.draft ? 'Save draft' : 'Publish';
  const blogValid = binding('blog_id');
  const statusValid = binding('status');
  const publishValid = binding('publish_at');
  const contentValid = binding('md_content');
  const saving = busy || done;

  return (
    <form className="form post-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={busy}>
      {localOffer !== null && (
        <div className="post-form-offer" role="region" aria-label="Unsaved draft">
          <p>
            A draft you did not post, kept on this device at <time dateTime={localOffer.savedAt}>{formatShortDateTime(localOffer.savedAt)}</time>
            {localOffer.text.title.trim() !== '' && <> (“{localOffer.text.title}”)</>}.
          </p>
          <button type="button" className="button button-primary" data-testid="post-restore-local" onClick={() => {
              applyText(localOffer.text);
              setLocalOffer(null);
            }}>
            Restore it
          </button>
          <button type="button" className="button" onClick={discardLocalOffer}>
            Discard
          </button>
        </div>
      )}
      {serverOffer !== null && (
        <div className="post-form-offer" role="region" aria-label="Autosaved version">
          <button type="button" className="button button-primary" data-testid="post-restore-autosave" onClick={() => {
              applyText(serverOffer);
              setServerOffer(null);
            }}>
            Restore autosaved version from {formatShortDateTime(serverOffer.at)}
          </button>
          <button type="button" className="button" onClick={() => setServerOffer(null)}>
            Dismiss
          </button>
        </div>
      )}

      <FormIssues issues={issues} issueId={issueId} />
      {conflict !== null && (
        <p className="post-form-conflict" role="alert">
          {conflict}
        </p>
      )}

      <div className="field">
        <label htmlFor={fieldId('blog_id')}>
          Blog
          <RequiredMark />
        </label>
        <select
          id={fieldId('blog_id')}
          className="input"
          value={values.blog_id}
          onChange={(e) => set('blog_id', e.currentTarget.value)}
          required
          aria-invalid={blogValid.invalid || undefined}
          aria-describedby={blogValid.describedBy}
          data-testid="post-blog"
        >
          {values.blog_id === '' && <option value="">Choose a blog</option>}
          {blogs.map((b) => (
            <option key={b.slug} value={b.slug}>
              {b.title}
            </option>
          ))}
          {values.blog_id !== '' && !blogs.some((b) => b.slug === values.blog_id) && <option value={values.blog_id}>{values.blog_id}</option>}
        </select>
      </div>

      <div className="post-form-title">
        <FormField
          id={fieldId('title')}
          label="Title"
          value={values.title}
          onValueChange={(v) => set('title', v)}
          required
          spellCheck
          maxLength={300}
          data-testid="post-title"
          {...binding('title')}
        />
        {isNew && (
          <div className="post-form-url">
            <SpinnerButton type="button" busy={generating} onClick={() => void onGenerateUrl()} data-testid="post-generate-url">
              Generate url
            </SpinnerButton>
            {generated !== null && (
              <p className="post-editor-hint" data-testid="post-generated-url">
                Address: <code>{blogPaths.post(values.blog_id || routeBlog, generated)}</code>
              </p>
            )}
          </div>
        )}
      </div>

      <FormField id={`${FORM_ID}-subtitle`} label="Subtitle" value={values.subtitle} onValueChange={(v) => set('subtitle', v)} spellCheck maxLength={300} data-testid="post-subtitle" />

      <FormField
        id={fieldId('series_title')}
        label="Series title"
        value={values.series_title}
        onValueChange={(v) => set('series_title', v)}
        required
        spellCheck
        maxLength={200}
        list={`${FORM_ID}-series-list`}
        autoComplete="off"
        data-testid="post-series"
        {...binding('series_title')}
      />
      <datalist id={`${FORM_ID}-series-list`}>
        {seriesTitles.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>

      <div className="field">
        <label htmlFor={`${FORM_ID}-excerpt`}>Excerpt</label>
        <textarea
          id={`${FORM_ID}-excerpt`}
          className="input post-form-excerpt"
          value={values.excerpt}
          onChange={(e) => set('excerpt', e.currentTarget.value)}
          rows={3}
          maxLength={2000}
          spellCheck
          aria-describedby={`${FORM_ID}-excerpt-count`}
          data-testid="post-excerpt"
        />
        <p id={`${FORM_ID}-excerpt-count`} className="post-editor-hint" data-testid="post-excerpt-words">
          {countLabel(excerptWords, 'word')}
        </p>
      </div>

      <ContentField
        value={values.md_content}
        onChange={onContentChange}
        invalid={contentValid.invalid}
        describedBy={contentValid.describedBy}
        autosaveLabel={autosave.label}
        uploadImage={uploadImage}
      />

      <fieldset className="post-form-status" aria-invalid={statusValid.invalid || undefined} aria-describedby={statusValid.describedBy}>
        <legend>
          Status
          <RequiredMark />
        </legend>
        {options.map((o) => (
          <label key={o.value} className="checkbox-field">
            <input
              type="radio"
              name={fieldId('status')}
              value={o.value}
              checked={values.status === o.value}
              onChange={() => set('status', o.value as PostStatus)}
              data-testid={`post-status-${o.value}`}
            />
            {o.label}
          </label>
        ))}
        {values.status === POST_STATUS.scheduled && (
          <div className="field post-form-schedule">
            <label htmlFor={fieldId('publish_at')}>
              Publish at
              <RequiredMark />
            </label>
            <input
              id={fieldId('publish_at')}
              type="datetime-local"
              className="input"
              value={values.publish_at}
              onChange={(e) => set('publish_at', e.currentTarget.value)}
              required
              aria-invalid={publishValid.invalid || undefined}
              aria-describedby={[`${FORM_ID}-zone`, publishValid.describedBy].filter(Boolean).join(' ')}
              data-testid="post-publish-at"
            />
            <p id={`${FORM_ID}-zone`} className="post-editor-hint">
              Your time zone: {browserTimeZone()}
            </p>
          </div>
        )}
      </fieldset>

      <div className="form-actions">
        <SpinnerButton busy={saving} className="button-primary" data-testid="post-save">
          {saveLabel}
        </SpinnerButton>
        {post !== null && (
          <button type="button" className="button" aria-expanded={historyOpen} aria-controls={`${FORM_ID}-history`} onClick={() => setHistoryOpen((o) => !o)} data-testid="post-history-button">
            History
          </button>
        )}
        <Link href={post !== null && published ? blogPaths.post(post.blog_id, post.url) : blogPaths.blog(values.blog_id || routeBlog)}>Cancel</Link>
      </div>

      {post !== null && historyOpen && (
        <div id={`${FORM_ID}-history`}>
          <HistoryPanel
            postId={post.id}
            currentRevision={revision}
            dirty={autosave.dirty}
            onRestored={(restored, newRevision) => {
              applyText(restored);
              autosave.markSaved(restored);
              if (newRevision !== null) setRevision(newRevision);
              setConflict(null);
            }}
          />
        </div>
      )}
    </form>
  );
}
