import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { ContentField } from '../blogs/editor/content-field';
import { browserStorage, type KeptDraft } from '../blogs/editor/local-draft';
import { useImageUpload } from '../blogs/editor/use-image-upload';
import { formatShortDateTime } from '@epos/schemas/dates/formats';
import { FormField, RequiredMark } from '../ui/form-field';
import { firstInvalidField, issueIndexesFor, stillFailing, type Issue } from '../ui/form-issues';
import { FormIssues } from '../ui/form-issues-list';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { createPage, generatePermalink, updatePage, type PageEntry } from './api';
import { refreshLibraryMenus } from './menus';
import {
  buildPagePayload,
  fieldOfMessage,
  PAGE_CATEGORIES,
  PAGE_FIELDS,
  pageMessages,
  pageSaveFailure,
  sameValues,
  showsParent,
  validatePage,
  type PageField,
  type PageFormValues,
} from './page-form-model';
import { pageDraftName, pageDrafts } from './page-drafts';
import { pagePath } from './paths';
import { usePageAutosave } from './use-page-autosave';

// MDXEditor is large: it loads after the form.

const FORM_ID = 'page';
const fieldId = (name: PageField) => `${FORM_ID}-${name}`;
const issueId = (index: number) => `${FORM_ID}-issue-${index}`;

export interface PageFormProps {
  /** The page being edited (its id and revision); null for a new one. */
  readonly page: { readonly id: string; readonly revision: number; readonly url: string } | null;
  readonly initial: PageFormValues;
  /** The pages that can be parents. */
  readonly parents: readonly PageEntry[];
}

/** The library page form (new and edit): name, url, permalink, category with parent or priority, the markdown. */
export function PageForm({ page, initial, parents }: PageFormProps) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const draftName = pageDraftName(page?.id ?? null);

  const [values, setValues] = useState<PageFormValues>(initial);
  const [issues, setIssues] = useState<readonly Issue<PageField>[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [offer, setOffer] = useState<KeptDraft<PageFormValues> | null>(() => {
    const kept = pageDrafts.read(browserStorage(), draftName);
    return kept !== null && !sameValues(kept.text, initial) ? kept : null;
  });
  const running = useRef(false);
  const autosave = usePageAutosave({ pageId: page?.id ?? null, values, initial, paused: done });
  const uploadImage = useImageUpload();

  // Shown messages clear as their fields are fixed; new ones wait for the next save.
  useEffect(() => setIssues((shown) => stillFailing(shown, validatePage(values))), [values]);

  // Leaving with unsaved changes asks first (the copy on this device is kept every 10 s).
  useEffect(() => {
    if (!autosave.dirty || done) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [autosave.dirty, done]);

  const set = useCallback(<K extends keyof PageFormValues>(name: K, value: PageFormValues[K]) => setValues((v) => ({ ...v, [name]: value })), []);
  const onContentChange = useCallback((md: string) => set('md_content', md), [set]);

  const binding = (name: PageField) => {
    const mine = issueIndexesFor(issues, name);
    return { invalid: mine.length > 0, describedBy: mine.length > 0 ? mine.map(issueId).join(' ') : undefined };
  };

  const focusField = (name: PageField) => {
    if (name === 'md_content') document.querySelector<HTMLElement>('[data-testid="post-editor-source"], [data-testid="post-editor-content"]')?.focus();
    else document.getElementById(fieldId(name))?.focus();
  };

  const onGenerate = async () => {
    if (generating) return;
    if (values.name.trim() === '') {
      toast(pageMessages.nameNeeded, 'error');
      focusField('name');
      return;
    }
    setGenerating(true);
    const answer = await generatePermalink(values.name.trim());
    setGenerating(false);
    if (!answer.ok || typeof answer.data?.permalink !== 'string') {
      toast(pageSaveFailure(answer.ok ? undefined : answer.problem.message), 'error');
      return;
    }
    set('permalink', answer.data.permalink);
    toast(answer.data.message || pageMessages.permalinkGenerated, 'success');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current || done) return;
    const found = validatePage(values);
    setIssues(found);
    if (found.length > 0) {
      const first = firstInvalidField(PAGE_FIELDS, found);
      if (first !== undefined) focusField(first);
      return;
    }
    running.current = true;
    setBusy(true);
    const body = buildPagePayload(values);
    const answer = page === null ? await createPage(body) : await updatePage({ ...body, id: page.id, revision: page.revision });
    running.current = false;
    if (!answer.ok) {
      // The button is usable again; the server's message says what to fix.
      setBusy(false);
      const message = pageSaveFailure(answer.problem.message);
      toast(message, 'error');
      const field = answer.status === 400 || answer.status === 409 ? fieldOfMessage(answer.problem.message) : null;
      if (field !== null) setIssues([{ message, fields: [field] }]);
      return;
    }
    autosave.markSaved(values);
    setDone(true);
    toast(answer.data.message || (page === null ? pageMessages.created : pageMessages.updated), 'success');
    void refreshLibraryMenus();
    navigate(pagePath(answer.data.url || body.url));
  };

  const discardOffer = () => {
    // Only the offered copy: typing since may have kept a newer one.
    if (offer !== null && pageDrafts.read(browserStorage(), draftName)?.savedAt === offer.savedAt) pageDrafts.remove(browserStorage(), draftName);
    setOffer(null);
  };

  const nonMenu = showsParent(values.category);
  const contentValid = binding('md_content');
  const categoryValid = binding('category');
  const parentValid = binding('parent');
  const saving = busy || done;
  const choosable = parents.filter((p) => p.pageid !== page?.id);

  return (
    <form className="form post-form page-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={busy}>
      {offer !== null && (
        <div className="post-form-offer" role="region" aria-label="Unsaved draft">
          <p>
            Changes you did not save, kept on this device at <time dateTime={offer.savedAt}>{formatShortDateTime(offer.savedAt)}</time>
            {offer.text.name.trim() !== '' && <> (“{offer.text.name}”)</>}.
          </p>
          <button
            type="button"
            className="button button-primary"
            data-testid="page-restore-local"
            onClick={() => {
              setValues(offer.text);
              setOffer(null);
            }}
          >
            Restore them
          </button>
          <button type="button" className="button" onClick={discardOffer}>
            Discard
          </button>
        </div>
      )}

      <FormIssues issues={issues} issueId={issueId} />

      <FormField id={fieldId('name')} label="Name" value={values.name} onValueChange={(v) => set('name', v)} required spellCheck maxLength={200} data-testid="page-name" {...binding('name')} />

      <FormField
        id={fieldId('url')}
        label="Url"
        value={values.url}
        onValueChange={(v) => set('url', v)}
        required
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        hint="The page's address, such as /about or /about/the-poet"
        data-testid="page-url"
        {...binding('url')}
      />

      <div className="post-form-title">
        <FormField
          id={fieldId('permalink')}
          label="Permalink"
          value={values.permalink}
          onValueChange={(v) => set('permalink', v)}
          required
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          data-testid="page-permalink"
          {...binding('permalink')}
        />
        <div className="post-form-url">
          <SpinnerButton type="button" busy={generating} onClick={() => void onGenerate()} data-testid="page-generate-permalink">
            Generate
          </SpinnerButton>
        </div>
      </div>

      <div className="field">
        <label htmlFor={fieldId('category')}>
          Category
          <RequiredMark />
        </label>
        <select
          id={fieldId('category')}
          className="input"
          value={values.category}
          onChange={(e) => set('category', e.currentTarget.value as PageFormValues['category'])}
          aria-invalid={categoryValid.invalid || undefined}
          aria-describedby={categoryValid.describedBy}
          data-testid="page-category"
        >
          {PAGE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>

      {nonMenu ? (
        <div className="field">
          <label htmlFor={fieldId('parent')}>Parent page</label>
          <select
            id={fieldId('parent')}
            className="input"
            value={values.parent}
            onChange={(e) => set('parent', e.currentTarget.value)}
            aria-invalid={parentValid.invalid || undefined}
            aria-describedby={parentValid.describedBy}
            data-testid="page-parent"
          >
            <option value="">No parent</option>
            {choosable.map((p) => (
              <option key={p.pageid} value={p.pageid}>
                {p.name} ({p.url})
              </option>
            ))}
          </select>
        </div>
      ) : (
        <FormField
          id={fieldId('priority')}
          label="Priority"
          value={values.priority}
          onValueChange={(v) => set('priority', v)}
          inputMode="numeric"
          maxLength={4}
          hint="Lower numbers come first in the menu"
          data-testid="page-priority"
          {...binding('priority')}
        />
      )}

      <ContentField
        value={values.md_content}
        onChange={onContentChange}
        invalid={contentValid.invalid}
        describedBy={contentValid.describedBy}
        autosaveLabel={autosave.label}
        uploadImage={uploadImage}
        placeholder="Write the page…"
      />

      <div className="form-actions">
        <SpinnerButton busy={saving} className="button-primary" data-testid="page-save">
          {page === null ? 'Create page' : 'Update'}
        </SpinnerButton>
        <Link href={page === null ? '/' : page.url}>Cancel</Link>
      </div>
    </form>
  );
}
