import { describe, expect, it } from 'vitest';
import { postDrafts } from './local-draft';
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
    expect(postDrafts.key('poetry-notes')).toBe('epos:blog-editor:new-post:poetry-notes');
    expect(postDrafts.key('a')).not.toBe(postDrafts.key('b'));
  });

  it('round-trips a draft', () => {
    expect(postDrafts.parse(postDrafts.serialize(draft))).toEqual(draft);
  });

  it('treats unreadable, other-version and blank drafts as none', () => {
    expect(postDrafts.parse(null)).toBeNull();
    expect(postDrafts.parse('{')).toBeNull();
    expect(postDrafts.parse('"text"')).toBeNull();
    expect(postDrafts.parse(JSON.stringify({ v: 2, savedAt: draft.savedAt, title: 'x' }))).toBeNull();
    expect(postDrafts.parse(postDrafts.serialize({ ...draft, text: EMPTY_TEXT }))).toBeNull();
    expect(postDrafts.parse(JSON.stringify({ v: 1, savedAt: draft.savedAt, title: 7, md_content: 'Body' }))).toEqual({
      text: { ...EMPTY_TEXT, md_content: 'Body' },
      savedAt: draft.savedAt,
    });
  });

  it('reads, writes and removes through a storage, surviving a refusing one', () => {
    const storage = memoryStorage();
    expect(postDrafts.write(storage, 'b', draft)).toBe(true);
    expect(postDrafts.read(storage, 'b')).toEqual(draft);
    expect(postDrafts.read(storage, 'other')).toBeNull();
    postDrafts.remove(storage, 'b');
    expect(postDrafts.read(storage, 'b')).toBeNull();
    const full = {
      ...storage,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(postDrafts.write(full, 'b', draft)).toBe(false);
    expect(postDrafts.write(null, 'b', draft)).toBe(false);
    expect(postDrafts.read(null, 'b')).toBeNull();
  });
});
