import { isBlankText, type PostText } from './post-form-model';

/** A new post's working copy, kept in this browser until the post is created (one per blog). */
export interface LocalDraft {
  readonly text: PostText;
  /** When it was kept (ISO). */
  readonly savedAt: string;
}

export const LOCAL_DRAFT_PREFIX = 'epos:blog-editor:new-post:';

export function localDraftKey(blog: string): string {
  return `${LOCAL_DRAFT_PREFIX}${blog}`;
}

export function serializeLocalDraft(draft: LocalDraft): string {
  return JSON.stringify({ v: 1, savedAt: draft.savedAt, ...draft.text });
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Reads a kept draft; anything unreadable, of another version or blank is no draft. */
export function parseLocalDraft(raw: string | null): LocalDraft | null {
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
  const text: PostText = {
    title: str(record.title) ?? '',
    subtitle: str(record.subtitle) ?? '',
    series_title: str(record.series_title) ?? '',
    excerpt: str(record.excerpt) ?? '',
    md_content: str(record.md_content) ?? '',
  };
  return isBlankText(text) ? null : { text, savedAt };
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's storage, or null where there is none (private mode, tests). */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readLocalDraft(storage: DraftStorage | null, blog: string): LocalDraft | null {
  try {
    return parseLocalDraft(storage?.getItem(localDraftKey(blog)) ?? null);
  } catch {
    return null;
  }
}

/** Keeps the draft; false when the storage refused (full, or disabled). */
export function writeLocalDraft(storage: DraftStorage | null, blog: string, draft: LocalDraft): boolean {
  if (storage === null) return false;
  try {
    storage.setItem(localDraftKey(blog), serializeLocalDraft(draft));
    return true;
  } catch {
    return false;
  }
}

export function removeLocalDraft(storage: DraftStorage | null, blog: string): void {
  try {
    storage?.removeItem(localDraftKey(blog));
  } catch {
    // nothing kept, nothing to do
  }
}
