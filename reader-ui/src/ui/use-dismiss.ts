import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * While `open`, calls `close('escape')` on the Escape key and, when `inside` is given,
 * `close('outside')` on a pointer press outside that element: how a menu or panel is left.
 */
function useDismiss(open: boolean, close: (how: 'escape' | 'outside') => void, inside?: RefObject<HTMLElement | null>): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (inside && !inside.current?.contains(event.target as Node)) closeRef.current('outside');
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current('escape');
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, inside]);
}

/**
 * A menu behind a button: open or not, left by Escape (focus back on the button) or a press
 * outside `rootRef`'s element.
 */
export function useMenuDisclosure<Root extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<Root>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useDismiss(
    open,
    (how) => {
      setOpen(false);
      if (how === 'escape') buttonRef.current?.focus();
    },
    rootRef,
  );
  return { open, setOpen, rootRef, buttonRef };
}
