import { useLayoutEffect, useState } from 'react';
import { serverRendered } from './server-answers';

/**
 * The id of the place in the site's pinned header where a page may put a bar of its own (the
 * reader's: previous, the section, next, settings), so both stay at the top as one block.
 */
export const PAGE_BAR_SLOT_ID = 'page-bar';

/**
 * The header's bar slot, to portal a page's bar into; null only until the first layout (on the
 * server, and while a page it rendered is hydrated, until just after). Found in a layout effect, so
 * the bar is there before the first paint and nothing below it moves.
 */
export function usePageBarSlot(): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(() =>
    typeof document === 'undefined' || serverRendered ? null : document.getElementById(PAGE_BAR_SLOT_ID),
  );
  useLayoutEffect(() => {
    setSlot(document.getElementById(PAGE_BAR_SLOT_ID));
  }, []);
  return slot;
}
