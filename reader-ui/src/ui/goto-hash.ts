/**
 * `GotoHash` links (spec section 9): any `<a class="GotoHash" href="#id">` in text the
 * app renders (notes, commentary) scrolls to its anchor below the sticky navigation
 * (html's scroll-padding-top) — smoothly, or at once when the reader prefers reduced
 * motion — and highlights it for 6 s, like a #hash on a section page.
 * One delegated click listener for the whole document.
 */

/** How long the target stays highlighted (spec section 9). */
const GOTO_HIGHLIGHT_MS = 6000;
/** The class the target carries while highlighted. */
const GOTO_TARGET_CLASS = 'hash-target';

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

/** Farther than this many screens, the jump is made at once: a smooth scroll through a long book would take seconds. */
const SMOOTH_SCREENS = 3;
/** Frames spent putting the target back in place while the text around it is laid out. */
const SETTLE_FRAMES = 30;

/**
 * Keeps `element` at the top while blocks the browser had only estimated (`content-visibility:
 * auto` in a long book) are laid out around it and move it; stops early once the reader scrolls.
 */
function settleOn(element: HTMLElement): void {
  let frames = SETTLE_FRAMES;
  let stopped = false;
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const stop = () => {
    stopped = true;
    for (const type of inputs) window.removeEventListener(type, stop);
  };
  for (const type of inputs) window.addEventListener(type, stop, { passive: true });
  const check = () => {
    if (stopped) return;
    const want = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (Math.abs(element.getBoundingClientRect().top - want) > 1) element.scrollIntoView({ behavior: 'instant', block: 'start' });
    if (--frames > 0) requestAnimationFrame(check);
    else stop();
  };
  requestAnimationFrame(check);
}

/** Scrolls to `element` below the sticky navigation, focuses it and highlights it for 6 s. */
export function goToElement(element: HTMLElement): void {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const far = Math.abs(element.getBoundingClientRect().top) > SMOOTH_SCREENS * window.innerHeight;
  if (reduced || far) {
    element.scrollIntoView({ behavior: 'instant', block: 'start' });
    settleOn(element);
  } else {
    element.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }
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
