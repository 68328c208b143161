/** A working copy kept in this browser until it is saved: the editor's text and when it was kept. */
export interface KeptDraft<T> {
  readonly text: T;
  /** When it was kept (ISO). */
  readonly savedAt: string;
}

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's storage, or null where there is none (private mode, tests). */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** A kept record's field, when it is text. */
export const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Working copies of one editor, each under `prefix` + a key (a blog, a page id…). */
export interface DraftStore<T> {
  readonly key: (name: string) => string;
  readonly serialize: (draft: KeptDraft<T>) => string;
  /** Reads a kept draft; anything unreadable, of another version or blank is no draft. */
  readonly parse: (raw: string | null) => KeptDraft<T> | null;
  readonly read: (storage: DraftStorage | null, name: string) => KeptDraft<T> | null;
  /** Keeps the draft; false when the storage refused (full, or disabled). */
  readonly write: (storage: DraftStorage | null, name: string, draft: KeptDraft<T>) => boolean;
  readonly remove: (storage: DraftStorage | null, name: string) => void;
}

/**
 * A store of working copies: `textOf` reads a kept record's text loosely (missing fields blank),
 * `isBlank` says which texts are not worth keeping.
 */
export function draftStore<T extends object>(prefix: string, textOf: (record: Record<string, unknown>) => T, isBlank: (text: T) => boolean): DraftStore<T> {
  const key = (name: string) => `${prefix}${name}`;
  const serialize = (draft: KeptDraft<T>) => JSON.stringify({ v: 1, savedAt: draft.savedAt, ...draft.text });
  const parse = (raw: string | null): KeptDraft<T> | null => {
    if (raw === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    const savedAt = str(record.savedAt);
    if (record.v !== 1 || savedAt === null) return null;
    const text = textOf(record);
    return isBlank(text) ? null : { text, savedAt };
  };
  return {
    key,
    serialize,
    parse,
    read(storage, name) {
      try {
        return parse(storage?.getItem(key(name)) ?? null);
      } catch {
        return null;
      }
    },
    write(storage, name, draft) {
      if (storage === null) return false;
      try {
        storage.setItem(key(name), serialize(draft));
        return true;
      } catch {
        return false;
      }
    },
    remove(storage, name) {
      try {
        storage?.removeItem(key(name));
      } catch {
        // nothing kept, nothing to do
      }
    },
  };
}
