import { SpinnerButton } from './spinner-button';

/** The load-more button of a paged list, shown until the last page (spec section 4). */
export function LoadMore({ more, busy, onLoad, label = 'Load more' }: { more: boolean; busy: boolean; onLoad: () => void; label?: string }) {
  if (!more) return null;
  return (
    <div className="load-more">
      <SpinnerButton type="button" busy={busy} onClick={onLoad} data-testid="load-more">
        {label}
      </SpinnerButton>
    </div>
  );
}
