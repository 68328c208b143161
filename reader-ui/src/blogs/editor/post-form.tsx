import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { ContentField } from '../../ui/editor/content-field';
import { DraftOfferBanner } from '../../ui/editor/draft-offer';
import { countWords } from '../../ui/editor/text-stats';
import { useImageUpload } from '../../ui/editor/use-image-upload';
import { countLabel } from '../../ui/count-label';
import { FormField } from '../../ui/form-field';
import { FormIssues } from '../../ui/form-issues-list';
import { SpinnerButton } from '../../ui/spinner-button';
import { formatShortDateTime } from '@epos/schemas/dates/formats';
import type { MyBlog } from '../api';
import { blogPaths } from '../paths';
import { HistoryPanel } from './history-panel';
import { PostBlogField, PostStatusField } from './post-form-parts';
import { isAlreadyPublished, POST_STATUS, type EditablePost } from './post-form-model';
import { usePostForm } from './use-post-form';

// MDXEditor is large: only the form pages load it, not the scheduled and draft lists.

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
export function PostForm(props: PostFormProps) {
  const { routeBlog, blogs, post } = props;
  const state = usePostForm(props);
  const { form, local, serverOffer, autosave } = state;
  const { values, set, binding, fieldId } = form;
  const [historyOpen, setHistoryOpen] = useState(false);
  const onContentChange = useCallback((md: string) => set('md_content', md), [set]);
  const uploadImage = useImageUpload();
  const isNew = post === null;
  const published = isAlreadyPublished(post);
  const saveLabel = !isNew ? 'Update' : values.status === POST_STATUS.scheduled ? 'Schedule' : values.status === POST_STATUS.draft ? 'Save draft' : 'Publish';
  const contentValid = binding('md_content');

  return (
    <form className="form post-form" onSubmit={(e) => void state.onSubmit(e)} noValidate aria-busy={form.busy}>
      <DraftOfferBanner
        kept={local}
        restore={state.applyText}
        what="A draft you did not post"
        titleOf={(text) => text.title}
        restoreLabel="Restore it"
        restoreTestId="post-restore-local"
      />
      {serverOffer !== null && (
        <div className="post-form-offer" role="region" aria-label="Autosaved version">
          <button
            type="button"
            className="button button-primary"
            data-testid="post-restore-autosave"
            onClick={() => {
              state.applyText(serverOffer);
              state.setServerOffer(null);
            }}
          >
            Restore autosaved version from {formatShortDateTime(serverOffer.at)}
          </button>
          <button type="button" className="button" onClick={() => state.setServerOffer(null)}>
            Dismiss
          </button>
        </div>
      )}

      <FormIssues issues={form.issues} issueId={form.issueId} />
      {state.conflict !== null && (
        <p className="post-form-conflict" role="alert">
          {state.conflict}
        </p>
      )}

      <PostBlogField form={form} blogs={blogs} />

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
            <SpinnerButton type="button" busy={form.generating} onClick={() => void state.onGenerateUrl()} data-testid="post-generate-url">
              Generate url
            </SpinnerButton>
            {state.generated !== null && (
              <p className="post-editor-hint" data-testid="post-generated-url">
                Address: <code>{blogPaths.post(values.blog_id || routeBlog, state.generated)}</code>
              </p>
            )}
          </div>
        )}
      </div>

      <FormField
        id="post-subtitle"
        label="Subtitle"
        value={values.subtitle}
        onValueChange={(v) => set('subtitle', v)}
        spellCheck
        maxLength={300}
        data-testid="post-subtitle"
      />

      <FormField
        id={fieldId('series_title')}
        label="Series title"
        value={values.series_title}
        onValueChange={(v) => set('series_title', v)}
        required
        spellCheck
        maxLength={200}
        list="post-series-list"
        autoComplete="off"
        data-testid="post-series"
        {...binding('series_title')}
      />
      <datalist id="post-series-list">
        {state.seriesTitles.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>

      <div className="field">
        <label htmlFor="post-excerpt">Excerpt</label>
        <textarea
          id="post-excerpt"
          className="input post-form-excerpt"
          value={values.excerpt}
          onChange={(e) => set('excerpt', e.currentTarget.value)}
          rows={3}
          maxLength={2000}
          spellCheck
          aria-describedby="post-excerpt-count"
          data-testid="post-excerpt"
        />
        <p id="post-excerpt-count" className="post-editor-hint" data-testid="post-excerpt-words">
          {countLabel(countWords(values.excerpt), 'word')}
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

      <PostStatusField form={form} published={published} />

      <div className="form-actions">
        <SpinnerButton busy={form.busy || form.done} className="button-primary" data-testid="post-save">
          {saveLabel}
        </SpinnerButton>
        {post !== null && (
          <button
            type="button"
            className="button"
            aria-expanded={historyOpen}
            aria-controls="post-history"
            onClick={() => setHistoryOpen((o) => !o)}
            data-testid="post-history-button"
          >
            History
          </button>
        )}
        <Link href={post !== null && published ? blogPaths.post(post.blog_id, post.url) : blogPaths.blog(values.blog_id || routeBlog)}>Cancel</Link>
      </div>

      {post !== null && historyOpen && (
        <div id="post-history">
          <HistoryPanel postId={post.id} currentRevision={state.revision} dirty={autosave.dirty} onRestored={state.onRestored} />
        </div>
      )}
    </form>
  );
}
