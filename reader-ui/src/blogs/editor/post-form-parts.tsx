import type { EditorForm } from '../../ui/editor/use-editor-form';
import { RequiredMark } from '../../ui/form-field';
import type { MyBlog } from '../api';
import { POST_STATUS, statusOptions, type PostField, type PostFormValues, type PostStatus } from './post-form-model';
import { browserTimeZone } from './use-post-form';

type PostEditorForm = EditorForm<PostFormValues, PostField>;

/** The blog the post goes in: one the author may write in (or the post's own, kept when it is not among them). */
export function PostBlogField({ form, blogs }: { form: PostEditorForm; blogs: readonly MyBlog[] }) {
  const { values, set, binding, fieldId } = form;
  const valid = binding('blog_id');
  return (
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
        aria-invalid={valid.invalid || undefined}
        aria-describedby={valid.describedBy}
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
  );
}

/** Publish now, schedule (with the date and time, in the author's zone) or keep as a draft. */
export function PostStatusField({ form, published }: { form: PostEditorForm; published: boolean }) {
  const { values, set, binding, fieldId } = form;
  const statusValid = binding('status');
  const publishValid = binding('publish_at');
  return (
    <fieldset className="post-form-status" aria-invalid={statusValid.invalid || undefined} aria-describedby={statusValid.describedBy}>
      <legend>
        Status
        <RequiredMark />
      </legend>
      {statusOptions(published).map((o) => (
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
            aria-describedby={['post-zone', publishValid.describedBy].filter(Boolean).join(' ')}
            data-testid="post-publish-at"
          />
          <p id="post-zone" className="post-editor-hint">
            Your time zone: {browserTimeZone()}
          </p>
        </div>
      )}
    </fieldset>
  );
}
