/**
 * The keyboard of the search box's autocomplete (the ARIA combobox pattern), as a pure step:
 * ArrowDown/ArrowUp open the list and move through it (wrapping), Enter searches the highlighted
 * suggestion or else the typed words, Escape closes the list (and, when it is closed, clears the box).
 */

export interface ComboState {
  readonly open: boolean;
  /** The highlighted suggestion, -1 for none. */
  readonly active: number;
  /** How many suggestions can be chosen. */
  readonly count: number;
}

export type ComboOutcome =
  | { readonly kind: 'state'; readonly open: boolean; readonly active: number }
  /** Search for suggestion `index`, or for the typed words when null. */
  | { readonly kind: 'choose'; readonly index: number | null }
  | { readonly kind: 'clear' }
  /** Not a key of the combobox: let the input have it. */
  | { readonly kind: 'ignore' };

export function comboKey(key: string, state: ComboState): ComboOutcome {
  const { open, active, count } = state;
  switch (key) {
    case 'ArrowDown':
      if (!open) return { kind: 'state', open: true, active: count > 0 ? 0 : -1 };
      return { kind: 'state', open: true, active: count === 0 ? -1 : (active + 1) % count };
    case 'ArrowUp':
      if (!open) return { kind: 'state', open: true, active: count - 1 };
      return { kind: 'state', open: true, active: count === 0 ? -1 : active <= 0 ? count - 1 : active - 1 };
    case 'Enter':
      return { kind: 'choose', index: open && active >= 0 && active < count ? active : null };
    case 'Escape':
      return open ? { kind: 'state', open: false, active: -1 } : { kind: 'clear' };
    default:
      return { kind: 'ignore' };
  }
}

/** How long typing pauses before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 150;
