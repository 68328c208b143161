import type { Misspelling } from './spelling';

/** Messages between the editor and the spelling worker. */
export type SpellRequest =
  | { readonly type: 'check'; readonly id: number; readonly markdown: string; readonly ignore: readonly string[] }
  | { readonly type: 'suggest'; readonly id: number; readonly word: string };

export type SpellResponse =
  | { readonly type: 'result'; readonly id: number; readonly words: readonly Misspelling[] }
  | { readonly type: 'suggestions'; readonly id: number; readonly word: string; readonly suggestions: readonly string[] }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
