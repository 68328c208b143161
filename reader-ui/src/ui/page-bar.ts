import { useLayoutEffect, useState } from 'react';

/**
 * The id of the place in the site's pinned header where a page may put a bar of its own (the
 * reader's: previous, the section, next, settings), so both stay at the top as one block.
 */
export const PAGE_BAR_SLOT_ID = 'page-bar';

/**
 * The header's bar slot, to portal a page's bar into; null only until the first layout. Found in a
 * layout effect, so the bar is there before the first paint and nothing below it moves.
 */
export function usePageBarSlot(): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(() => document.getElementById(PAGE_BAR_SLOT_ID));
  useLayoutEffect(() => {
    setSlot(document.getElementById(PAGE_BAR_SLOT_ID));
  }, []);
  return slot;
}
