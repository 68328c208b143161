import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Modal } from './modal';
import './confirm-dialog.css';

/** What a confirmation asks: the question (its title), what it is about, and the words of its two buttons. */
export interface ConfirmRequest {
  readonly question: string;
  /** What the action touches and what follows, e.g. the post's title; said under the question. */
  readonly detail: string;
  readonly confirmLabel: string;
  readonly cancelLabel?: string;
  /** The action cannot easily be taken back (deleting, discarding): its button is drawn as a warning. */
  readonly destructive?: boolean;
}

interface Pending {
  readonly request: ConfirmRequest;
  readonly settle: (answer: boolean) => void;
}

/**
 * The site's confirmation (the spec's dynamic modal), in place of window.confirm(): the study
 * tools' modal dialog as an alertdialog described by `detail` (the page behind inert, Tab kept
 * inside, Escape, the Close button or the backdrop cancel, focus back where it was) with Cancel,
 * focused first, and the action.
 * `confirm(request)` opens it and answers whether the reader went on; render `dialog` in the page.
 */
export function useConfirm(): { readonly confirm: (request: ConfirmRequest) => Promise<boolean>; readonly dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const confirm = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        // A second question replaces the first, which counts as cancelled.
        pendingRef.current?.settle(false);
        const next: Pending = {
          request,
          settle: (answer) => {
            if (pendingRef.current !== next) return;
            pendingRef.current = null;
            setPending(null);
            resolve(answer);
          },
        };
        pendingRef.current = next;
        setPending(next);
      }),
    [],
  );

  // Leaving the page while asked: the question goes unanswered, which is no.
  useEffect(() => () => pendingRef.current?.settle(false), []);

  return { confirm, dialog: pending === null ? null : <ConfirmDialog key={pending.request.question} {...pending} /> };
}

function ConfirmDialog({ request, settle }: Pending) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const detailId = useId();
  const { question, detail, confirmLabel, cancelLabel = 'Cancel', destructive = false } = request;
  return (
    <Modal
      title={question}
      role="alertdialog"
      describedBy={detailId}
      onClose={() => settle(false)}
      initialFocus={cancelRef}
      footer={
        <div className="confirm-actions">
          <button ref={cancelRef} type="button" className="button" onClick={() => settle(false)}>
            {cancelLabel}
          </button>
          <button type="button" className={destructive ? 'button confirm-destructive' : 'button button-primary'} onClick={() => settle(true)}>
            {confirmLabel}
          </button>
        </div>
      }
    >
      <p id={detailId} className="confirm-detail">
        {detail}
      </p>
    </Modal>
  );
}
