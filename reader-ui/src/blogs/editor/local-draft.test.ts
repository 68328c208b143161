import { describe, expect, it } from 'vitest';
import { localDraftKey, parseLocalDraft, readLocalDraft, removeLocalDraft, serializeLocalDraft, writeLocalDraft } from './local-draft';
import { EMPTY_TEXT } from './post-form-model';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const draft = { text: { ...EMPTY_TEXT, title: 'Working title', md_content: 'Body' }, savedAt: '2030-01-01T12:00:00.000Z' };

describe('local drafts', () => {
  it('keeps one draft per blog', () => {
    expect(localDraftKey('poetry-notes')).toBe('epos:blog-editor:new-post:poetry-notes');
    expect(localDraftKey('a')).not.toBe(localDraftKey('b'));
  });

  it('round-trips a draft', () => {
    expect(parseLocalDraft(serializeLocalDraft(draft))).toEqual(draft);
  });

  it('treats unreadable, other-version and blank drafts as none', () => {
    expect(parseLocalDraft(null)).toBeNull();
    expect(parseLocalDraft('{')).toBeNull();
    expect(parseLocalDraft('"text"')).toBeNull();
    expect(parseLocalDraft(JSON.stringify({ v: 2, savedAt: draft.savedAt, title: 'x' }))).toBeNull();
    expect(parseLocalDraft(serializeLocalDraft({ ...draft, text: EMPTY_TEXT }))).toBeNull();
    expect(parseLocalDraft(JSON.stringify({ v: 1, savedAt: draft.savedAt, title: 7, md_content: 'Body' }))).toEqual({
      text: { ...EMPTY_TEXT, md_content: 'Body' },
      savedAt: draft.savedAt,
    });
  });

  it('reads, writes and removes through a storage, surviving a refusing one', () => {
    const storage = memoryStorage();
    expect(writeLocalDraft(storage, 'b', draft)).toBe(true);
    expect(readLocalDraft(storage, 'b')).toEqual(draft);
    expect(readLocalDraft(storage, 'other')).toBeNull();
    removeLocalDraft(storage, 'b');
    expect(readLocalDraft(storage, 'b')).toBeNull();
    const full = { ...storage, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(writeLocalDraft(full, 'b', draft)).toBe(false);
    expect(writeLocalDraft(null, 'b', draft)).toBe(false);
    expect(readLocalDraft(null, 'b')).toBeNull();
  });
});
