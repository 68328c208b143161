import { atomWithStorage } from 'jotai/utils';
import { isLang, type Lang } from './reading';
import { serverRendered } from '../ui/server-answers';

/**
 * The reader's choices kept in this browser across visits, signed in or not: the
 * translations, the "Works on" options and the text size. A stored value that no longer
 * makes sense (an old format, a hand edit) is dropped for the default.
 */
export function parseStored<T>(raw: string | null, initial: T, isValid: (value: unknown) => value is T): T {
  if (raw === null) return initial;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : initial;
  } catch {
    return initial;
  }
}

function storage<T>(isValid: (value: unknown) => value is T) {
  return {
    getItem(key: string, initial: T): T {
      try {
        return parseStored(window.localStorage.getItem(key), initial, isValid);
      } catch {
        return initial; // storage blocked
      }
    },
    setItem(key: string, value: T): void {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // storage full or blocked: the choice holds for this visit only
      }
    },
    removeItem(key: string): void {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // as above
      }
    },
  };
}

/**
 * Read at once, so the first screen shows the reader's choices; on a page the server rendered, once
 * it is hydrated (the server knows only the defaults, and the first render must equal its HTML).
 */
function storedAtom<T>(key: string, initial: T, isValid: (value: unknown) => value is T) {
  return atomWithStorage<T>(key, initial, storage(isValid), { getOnInit: !serverRendered });
}

export const isLangList = (value: unknown): value is Lang[] => Array.isArray(value) && value.every(isLang);
const isKeyList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= 50 && value.every((v) => typeof v === 'string' && v.length <= 100);

export const TEXT_SIZES = ['small', 'normal', 'large', 'larger'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];
export const textSizeLabels: Readonly<Record<TextSize, string>> = { small: 'Small', normal: 'Normal', large: 'Large', larger: 'Larger' };
export const isTextSize = (value: unknown): value is TextSize => typeof value === 'string' && (TEXT_SIZES as readonly string[]).includes(value);

export const storedLanguagesAtom = storedAtom<Lang[]>('epos.reader.languages', [], isLangList);
export const storedShownLayersAtom = storedAtom<string[]>('epos.reader.worksOn', [], isKeyList);
export const textSizeAtom = storedAtom<TextSize>('epos.reader.textSize', 'normal', isTextSize);

/** Whether the reading settings stand beside the text on a wide screen (a reader may fold them away). */
export const settingsPanelShownAtom = storedAtom<boolean>('epos.reader.settingsPanel', true, (value): value is boolean => typeof value === 'boolean');
