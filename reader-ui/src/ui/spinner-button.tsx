import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import './ui.css';

type SpinnerButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> & {
  /** A request is running: the button shows a spinner and does nothing when pressed. */
  readonly busy: boolean;
};

/**
 * A button that is disabled with a spinner while its request runs (spec, Busy
 * states). It is disabled with aria-disabled rather than the disabled attribute,
 * so keyboard focus stays on it instead of falling back to the page; presses
 * while busy are ignored here and forms also guard their submit.
 */
export function SpinnerButton({ busy, children, className, onClick, ...rest }: SpinnerButtonProps) {
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
      aria-disabled={busy || undefined}
      onClick={guarded}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
      {busy && <span className="visually-hidden"> (please wait)</span>}
    </button>
  );
}
