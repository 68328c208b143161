import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), audio[controls], [tabindex]:not([tabindex="-1"])';

/**
 * The one modal dialog of the study tools: a native <dialog> opened with showModal()
 * (the page behind is inert), role="dialog" with aria-modal and labelled by its title.
 * Tab and Shift+Tab cycle inside it, Escape or the Close button or a click on the
 * backdrop closes it, and focus goes back to `returnTo` (else to what had it before).
 * The body scrolls and is at most 70% of the window high.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  returnTo,
  initialFocus,
  wide,
  placement = 'center',
  role = 'dialog',
  describedBy,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  returnTo?: HTMLElement | null;
  initialFocus?: RefObject<HTMLElement | null>;
  wide?: boolean;
  /** 'side': a panel at the window's end on wide screens, a sheet from the bottom on phones. */
  placement?: 'center' | 'side';
  /** 'alertdialog' for a question that needs an answer before going on (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** The id of what explains the dialog, beside its title. */
  describedBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    (
      initialFocus?.current ??
      dialog.querySelector('.modal-body')?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog.querySelector<HTMLElement>('.modal-close')
    )?.focus();
    return () => {
      if (dialog.open) dialog.close();
      const back = returnTo && returnTo.isConnected ? returnTo : before;
      back?.focus({ preventScroll: true });
    };
    // Opened once per mount; returnTo and initialFocus are read then.
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (first === undefined || last === undefined) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      className={['modal', wide ? 'modal-wide' : '', placement === 'side' ? 'modal-side' : ''].filter(Boolean).join(' ')}
      onCancel={(event) => {
        // Escape: close through React state, so the dialog unmounts and focus returns.
        event.preventDefault();
        closeRef.current();
      }}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (event.target === event.currentTarget) closeRef.current(); // the backdrop
      }}
    >
      <div className="modal-frame">
        <header className="modal-head">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button type="button" className="button modal-close" onClick={() => closeRef.current()} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
        </header>
        {/* Focusable so a keyboard can scroll a long body that has no controls. */}
        <div className="modal-body" tabIndex={0}>
          {children}
        </div>
        {footer !== undefined && <footer className="modal-foot">{footer}</footer>}
      </div>
    </dialog>
  );
}

/** A busy indicator inside a modal body. */
export function Busy({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="modal-busy" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/** An error inside a modal body ('An error occured', or the 404 text). */
export function Failure({ message }: { message: string }) {
  return (
    <p className="modal-error" role="alert">
      {message}
    </p>
  );
}
