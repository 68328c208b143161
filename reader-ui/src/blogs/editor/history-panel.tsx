import { useEffect, useId, useState } from 'react';
import { GENERIC_ERROR } from '../../ui/messages';
import { useConfirm } from '../../ui/confirm-dialog';
import { SpinnerButton } from '../../ui/spinner-button';
import { useToast } from '../../ui/toast';
import { fetchRevision, fetchRevisions, restoreRevision } from './api';
import { formatShortDateTime } from '@epos/schemas/dates/formats';
import { blogMessages, readFailure } from './messages';
import { saveFailureMessage, textOf, type PostText } from './post-form-model';
import type { RevisionInfo, RevisionText } from './responses';

type Loadable<T> = { readonly state: 'loading' } | { readonly state: 'failed'; readonly message: string } | { readonly state: 'ready'; readonly data: T };

/**
 * The post's revision history (GET /postdata/revisions/{id}), newest first. Picking
 * one shows its text; "Restore this revision" makes it the current text (a new revision).
 */
export function HistoryPanel({
  postId,
  currentRevision,
  dirty,
  onRestored,
}: {
  postId: string;
  currentRevision: number | null;
  /** The form has changes that a restore would replace. */
  dirty: boolean;
  onRestored: (text: PostText, revision: number | null) => void;
}) {
  const toast = useToast();
  const headingId = useId();
  const [after, setAfter] = useState<string | null>(null);
  const [list, setList] = useState<Loadable<RevisionInfo[]>>({ state: 'loading' });
  const [selected, setSelected] = useState<number | null>(null);
  const [shown, setShown] = useState<Loadable<RevisionText> | null>(null);
  const [restoring, setRestoring] = useState(false);
  const { confirm, dialog } = useConfirm();

  useEffect(() => {
    const controller = new AbortController();
    setList({ state: 'loading' });
    fetchRevisions(postId, { signal: controller.signal, after })
      .then((answer) => setList(answer.ok ? { state: 'ready', data: answer.data } : { state: 'failed', message: readFailure(answer.status) }))
      .catch(() => undefined); // aborted
    return () => controller.abort();
  }, [postId, after]);

  useEffect(() => {
    if (selected === null) return;
    const controller = new AbortController();
    setShown({ state: 'loading' });
    fetchRevision(postId, selected, controller.signal)
      .then((answer) =>
        setShown(
          answer.ok && answer.data !== null
            ? { state: 'ready', data: answer.data }
            : { state: 'failed', message: answer.ok ? GENERIC_ERROR : readFailure(answer.status) },
        ),
      )
      .catch(() => undefined);
    return () => controller.abort();
  }, [postId, selected]);

  const restore = async (revision: RevisionText) => {
    if (restoring) return;
    if (
      dirty &&
      !(await confirm({
        question: 'Discard your unsaved changes?',
        detail: `Restoring revision ${revision.revision} replaces the text in the editor; what you have changed since the last save will be lost.`,
        confirmLabel: `Restore revision ${revision.revision}`,
        cancelLabel: 'Keep editing',
        destructive: true,
      }))
    )
      return;
    setRestoring(true);
    const answer = await restoreRevision(postId, revision.revision);
    setRestoring(false);
    if (!answer.ok) {
      toast(saveFailureMessage(answer.status, answer.problem.message), 'error');
      return;
    }
    toast(answer.data.message ?? blogMessages.updated, 'success');
    onRestored(textOf(revision), answer.data.revision);
    setSelected(null);
    setShown(null);
    setAfter(answer.position ?? `${Date.now()}`);
  };

  return (
    <section className="post-history" aria-labelledby={headingId} data-testid="post-history">
      <h2 id={headingId}>History</h2>
      {list.state === 'loading' && (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Loading…
        </p>
      )}
      {list.state === 'failed' && <p className="error">{list.message}</p>}
      {list.state === 'ready' && list.data.length === 0 && <p>No revisions yet.</p>}
      {list.state === 'ready' && list.data.length > 0 && (
        <div className="post-history-table">
          <table>
            <thead>
              <tr>
                <th scope="col">Revision</th>
                <th scope="col">Date</th>
                <th scope="col">Kind</th>
                <th scope="col">Author</th>
                <th scope="col">Title</th>
                <th scope="col">Words</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((r) => (
                <tr key={r.revision} aria-selected={r.revision === selected}>
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      aria-pressed={r.revision === selected}
                      onClick={() => setSelected(r.revision === selected ? null : r.revision)}
                    >
                      {r.revision}
                    </button>
                    {r.revision === currentRevision && <span className="post-editor-hint"> (current)</span>}
                  </td>
                  <td>
                    <time dateTime={r.at}>{formatShortDateTime(r.at)}</time>
                  </td>
                  <td>{r.kind}</td>
                  <td>{r.author}</td>
                  <td>{r.title}</td>
                  <td>{r.words ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {shown?.state === 'loading' && (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Loading…
        </p>
      )}
      {shown?.state === 'failed' && <p className="error">{shown.message}</p>}
      {shown?.state === 'ready' && (
        <article className="post-history-revision" aria-label={`Revision ${shown.data.revision}`}>
          <h3>
            Revision {shown.data.revision}, <time dateTime={shown.data.at}>{formatShortDateTime(shown.data.at)}</time>
          </h3>
          <dl>
            <dt>Title</dt>
            <dd>{shown.data.title}</dd>
            {shown.data.subtitle !== '' && (
              <>
                <dt>Subtitle</dt>
                <dd>{shown.data.subtitle}</dd>
              </>
            )}
            <dt>Series</dt>
            <dd>{shown.data.series_title}</dd>
            {shown.data.excerpt !== '' && (
              <>
                <dt>Excerpt</dt>
                <dd>{shown.data.excerpt}</dd>
              </>
            )}
          </dl>
          <pre className="post-history-text" tabIndex={0}>
            {shown.data.md_content}
          </pre>
          {shown.data.revision === currentRevision ? (
            <p className="post-editor-hint">This is the current revision.</p>
          ) : (
            <SpinnerButton
              type="button"
              busy={restoring}
              className="button-primary"
              data-testid="post-history-restore"
              onClick={() => void restore(shown.data)}
            >
              Restore this revision
            </SpinnerButton>
          )}
        </article>
      )}
      {dialog}
    </section>
  );
}
