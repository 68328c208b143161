/** The readings modal: which commentary layer to read, and Previous/Next through nextRead. */
import type { ReadingAnswer } from '@epos/schemas/poem/responses';

const LAYER_PREFIX = 'layer:';

/**
 * The layer to open for a sentence: the most recently chosen "Works on" layer that
 * has an entry for it, else the first layer (in the section's order) that has one;
 * null when no layer comments on the sentence.
 */
export function readingLayer(
  shownKeys: readonly string[],
  layers: readonly { readonly key: string }[],
  commentary: Readonly<Record<string, string>> | null | undefined,
): string | null {
  const has = (key: string) => typeof commentary?.[key] === 'string' && commentary[key].trim() !== '';
  for (let i = shownKeys.length - 1; i >= 0; i--) {
    const option = shownKeys[i]!;
    if (option.startsWith(LAYER_PREFIX) && has(option.slice(LAYER_PREFIX.length))) return option.slice(LAYER_PREFIX.length);
  }
  const first = layers.find((layer) => has(layer.key));
  if (first !== undefined) return first.key;
  // Layers not listed for the section (should not happen): any entry at all.
  return Object.keys(commentary ?? {}).find(has) ?? null;
}

/** GET /api/nextRead/{b}/{c}/{s}?forWhom=&id= */
export type Reading = ReadingAnswer;

export type ReadingState =
  | { readonly status: 'loading'; readonly id: number; readonly shown: Reading | null }
  | { readonly status: 'ready'; readonly id: number; readonly shown: Reading }
  | { readonly status: 'failed'; readonly id: number; readonly shown: Reading | null; readonly message: string };

export type ReadingAction =
  | { readonly type: 'loaded'; readonly id: number; readonly reading: Reading }
  | { readonly type: 'failed'; readonly id: number; readonly message: string }
  | { readonly type: 'go'; readonly to: 'prev' | 'next' };

export function initialReading(id: number): ReadingState {
  return { status: 'loading', id, shown: null };
}

/**
 * While a reading loads the previous one stays visible (no flash of emptiness) but
 * Previous/Next are off; an answer for an id no longer wanted is ignored.
 */
export function readingReducer(state: ReadingState, action: ReadingAction): ReadingState {
  switch (action.type) {
    case 'loaded':
      return action.id === state.id ? { status: 'ready', id: state.id, shown: action.reading } : state;
    case 'failed':
      return action.id === state.id ? { status: 'failed', id: state.id, shown: state.shown, message: action.message } : state;
    case 'go': {
      if (state.status !== 'ready') return state;
      const target = action.to === 'prev' ? state.shown.Prev : state.shown.Next;
      return target === null ? state : { status: 'loading', id: target, shown: state.shown };
    }
  }
}

/** Whether Previous/Next can be pressed now. */
export function canGo(state: ReadingState, to: 'prev' | 'next'): boolean {
  if (state.status !== 'ready') return false;
  return (to === 'prev' ? state.shown.Prev : state.shown.Next) !== null;
}

export function nextReadUrl(ref: { book: number; canto: number; section: number }, layer: string, id: number): string {
  return `/api/nextRead/${ref.book}/${ref.canto}/${ref.section}?forWhom=${encodeURIComponent(layer)}&id=${id}`;
}
