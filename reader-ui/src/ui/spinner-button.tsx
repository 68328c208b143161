import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import './ui.css';

type SpinnerButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> & {
  /** A request is running: the button shows a spinner and does nothing when pressed. */
  readonly busy: boolean;
  /** Nothing to send yet (e.g. an empty comment): disabled outright, unless busy. */
  readonly disabled?: boolean;
};

/**
 * A button that is disabled with a spinner while its request runs (spec, Busy
 * states). It is disabled with aria-disabled rather than the disabled attribute,
 * so keyboard focus stays on it instead of falling back to the page; presses
 * while busy are ignored here and forms also guard their submit.
 */
export function SpinnerButton({ busy, disabled, children, className, onClick, ...rest }: SpinnerButtonProps) {
  const guarded = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      type="submit"
      {...rest}
      className={['button', 'spinner-button', className].filter(Boolean).join(' ')}
      disabled={(disabled && !busy) || undefined}
      aria-disabled={busy || undefined}
      onClick={guarded}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
      {busy && <span className="visually-hidden"> (please wait)</span>}
    </button>
  );
}
