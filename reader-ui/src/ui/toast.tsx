import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import './ui.css';

/** How long a toast stays (spec section 9). */
const TOAST_MS = 3000;
/** At most this many toasts at once; older ones give way. */
const MAX_TOASTS = 3;

export type ToastKind = 'info' | 'success' | 'error';

interface Toast {
  readonly id: number;
  readonly text: string;
  readonly kind: ToastKind;
}

const toastsAtom = atom<readonly Toast[]>([]);
let nextId = 1;

/** Shows a short message for TOAST_MS (or `ms`) in the page's live region. */
export function useToast(): (text: string, kind?: ToastKind, ms?: number) => void {
  const setToasts = useSetAtom(toastsAtom);
  return useCallback(
    (text: string, kind: ToastKind = 'info', ms: number = TOAST_MS) => {
      const id = nextId++;
      setToasts((list) => [...list, { id, text, kind }].slice(-MAX_TOASTS));
      setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), ms);
    },
    [setToasts],
  );
}

/**
 * The toasts, in a polite live region that is always in the page (a region added
 * together with its text is often not announced). Rendered once, by the layout.
 */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <p key={t.id} className={`toast toast-${t.kind}`}>
          {t.text}
        </p>
      ))}
    </div>
  );
}
