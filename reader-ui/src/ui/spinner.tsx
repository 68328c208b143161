import './spinner.css';

interface SpinnerProps {
  /** Visible text beside the ring, also announced politely to screen readers. */
  label: string;
  size?: 'small' | 'normal';
  /** Set when a surrounding element already announces the busy state. */
  silent?: boolean;
}

/** A loading indicator. Its ring stops turning when the reader prefers reduced motion. */
export function Spinner({ label, size = 'normal', silent = false }: SpinnerProps) {
  return (
    <span className={`spinner spinner-${size}`} role={silent ? undefined : 'status'}>
      <span className="spinner-ring" aria-hidden="true" />
      <span className={size === 'small' ? 'visually-hidden' : 'spinner-label'}>{label}</span>
    </span>
  );
}
