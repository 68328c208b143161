/**
 * `GotoHash` links (spec section 9): any `<a class="GotoHash" href="#id">` in text the
 * app renders (notes, commentary) scrolls to its anchor below the sticky navigation
 * (html's scroll-padding-top) — smoothly, or at once when the reader prefers reduced
 * motion — and highlights it for 6 s, like a #hash on a section page.
 * One delegated click listener for the whole document.
 */

/** How long the target stays highlighted (spec section 9). */
export const GOTO_HIGHLIGHT_MS = 6000;
/** The class the target carries while highlighted. */
export const GOTO_TARGET_CLASS = 'hash-target';

/** The anchor id an in-page link points at (`#s12` → `s12`), or null for anything else. */
export function gotoHashId(href: string | null | undefined): string | null {
  if (typeof href !== 'string' || !href.startsWith('#') || href.length < 2) return null;
  try {
    return decodeURIComponent(href.slice(1));
  } catch {
    return href.slice(1);
  }
}

/** Whether a click is a plain one a link may take over (no modifier, the main button, not handled yet). */
export function isPlainClick(event: Pick<MouseEvent, 'button' | 'defaultPrevented' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): boolean {
  return event.button === 0 && !event.defaultPrevented && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
}

const timers = new WeakMap<Element, number>();

/** Scrolls to `element` below the sticky navigation, focuses it and highlights it for 6 s. */
export function goToElement(element: HTMLElement): void {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  if (!element.hasAttribute('tabindex') && element.tabIndex < 0) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
  const before = timers.get(element);
  if (before !== undefined) window.clearTimeout(before);
  element.classList.add(GOTO_TARGET_CLASS);
  timers.set(
    element,
    window.setTimeout(() => {
      element.classList.remove(GOTO_TARGET_CLASS);
      timers.delete(element);
    }, GOTO_HIGHLIGHT_MS),
  );
}

function onClick(event: MouseEvent): void {
  if (!isPlainClick(event)) return;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a.GotoHash') : null;
  if (link === null) return;
  const id = gotoHashId(link.getAttribute('href'));
  const element = id === null ? null : document.getElementById(id);
  if (id === null || element === null) return; // the browser does what it would
  event.preventDefault();
  // The address shows the anchor without the browser's instant jump (and without a hashchange).
  if (window.location.hash !== `#${encodeURIComponent(id)}`) history.pushState(history.state, '', `#${encodeURIComponent(id)}`);
  goToElement(element);
}

/** Installs the one listener; returns its removal. */
export function installGotoHash(): () => void {
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
