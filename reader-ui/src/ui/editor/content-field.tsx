import { lazy, Suspense, useId } from 'react';
import { RequiredMark } from '../form-field';
import type { MarkdownEditorProps } from './markdown-editor';

// The editor (and its markdown and spelling code) loads only when a form shows it.
const MarkdownEditor = lazy(() => import('./markdown-editor'));

/** The required "Content" field of the post and page forms: the markdown editor under its label. */
export function ContentField(props: Omit<MarkdownEditorProps, 'labelledBy'>) {
  const label = useId();
  return (
    <div className="field post-form-content">
      <span className="post-form-label" id={label}>
        Content
        <RequiredMark />
      </span>
      <Suspense
        fallback={
          <p className="post-editor-loading" role="status">
            <span className="spinner" aria-hidden="true" /> Loading the editor…
          </p>
        }
      >
        <MarkdownEditor {...props} labelledBy={label} />
      </Suspense>
    </div>
  );
}
