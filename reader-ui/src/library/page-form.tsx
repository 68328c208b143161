import { useCallback } from 'react';
import { Link, useLocation } from 'wouter';
import { useAutosave } from '../ui/editor/autosave';
import { ContentField } from '../ui/editor/content-field';
import { DraftOfferBanner, useDraftOffer } from '../ui/editor/draft-offer';
import { browserStorage } from '../ui/editor/local-draft';
import { useEditorForm, useLeaveWarning } from '../ui/editor/use-editor-form';
import { useImageUpload } from '../ui/editor/use-image-upload';
import { FormField } from '../ui/form-field';
import { FormIssues } from '../ui/form-issues-list';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { createPage, generatePermalink, updatePage, type PageEntry } from './api';
import { refreshLibraryMenus } from './menus';
import {
  buildPagePayload,
  fieldOfMessage,
  PAGE_FIELDS,
  pageMessages,
  pageSaveFailure,
  sameValues,
  validatePage,
  type PageField,
  type PageFormValues,
} from './page-form-model';
import { pageDraftName, pageDrafts, pageTextRules } from './page-drafts';
import { PagePlacement } from './page-placement';
import { pagePath } from './paths';

// MDXEditor is large: it loads after the form.

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
  const form = useEditorForm<PageFormValues, PageField>({ id: 'page', fields: PAGE_FIELDS, initial: () => initial, validate: validatePage });
  const { values, set, binding, fieldId } = form;
  const kept = useDraftOffer(pageDrafts, browserStorage, draftName, (draft) => !sameValues(draft.text, initial));
  // Every 10 s (the spec's autosave period), the working copy is kept in this browser under the page's id (or 'new').
  const autosave = useAutosave({
    text: values,
    initial,
    target: 'device',
    rules: pageTextRules,
    paused: form.done,
    keep: (current) => {
      const savedAt = new Date().toISOString();
      return pageDrafts.write(browserStorage(), draftName, { text: current, savedAt }) ? savedAt : null;
    },
  });
  useLeaveWarning(autosave.dirty && !form.done);
  const uploadImage = useImageUpload();
  const onContentChange = useCallback((md: string) => set('md_content', md), [set]);

  const onGenerate = form.generate('name', pageMessages.nameNeeded, async (name) => {
    const answer = await generatePermalink(name);
    if (!answer.ok || typeof answer.data?.permalink !== 'string') {
      toast(pageSaveFailure(answer.ok ? undefined : answer.problem.message), 'error');
      return;
    }
    set('permalink', answer.data.permalink);
    toast(answer.data.message || pageMessages.permalinkGenerated, 'success');
  });

  const onSubmit = form.submit(async (saving) => {
    const body = buildPagePayload(saving);
    const answer = page === null ? await createPage(body) : await updatePage({ ...body, id: page.id, revision: page.revision });
    if (!answer.ok) {
      const message = pageSaveFailure(answer.problem.message);
      toast(message, 'error');
      const field = answer.status === 400 || answer.status === 409 ? fieldOfMessage(answer.problem.message) : null;
      if (field !== null) form.showIssues([{ message, fields: [field] }]);
      return false;
    }
    pageDrafts.remove(browserStorage(), draftName);
    autosave.markSaved(saving, null);
    toast(answer.data.message || (page === null ? pageMessages.created : pageMessages.updated), 'success');
    void refreshLibraryMenus();
    navigate(pagePath(answer.data.url || body.url));
    return true;
  });

  const contentValid = binding('md_content');
  return (
    <form className="form post-form page-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={form.busy}>
      <DraftOfferBanner
        kept={kept}
        restore={form.apply}
        what="Changes you did not save"
        titleOf={(text) => text.name}
        restoreLabel="Restore them"
        restoreTestId="page-restore-local"
      />

      <FormIssues issues={form.issues} issueId={form.issueId} />

      <FormField
        id={fieldId('name')}
        label="Name"
        value={values.name}
        onValueChange={(v) => set('name', v)}
        required
        spellCheck
        maxLength={200}
        data-testid="page-name"
        {...binding('name')}
      />

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
          <SpinnerButton type="button" busy={form.generating} onClick={() => void onGenerate()} data-testid="page-generate-permalink">
            Generate
          </SpinnerButton>
        </div>
      </div>

      <PagePlacement form={form} parents={parents.filter((p) => p.pageid !== page?.id)} />

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
        <SpinnerButton busy={form.busy || form.done} className="button-primary" data-testid="page-save">
          {page === null ? 'Create page' : 'Update'}
        </SpinnerButton>
        <Link href={page === null ? '/' : page.url}>Cancel</Link>
      </div>
    </form>
  );
}
