import { describe, expect, it } from 'vitest';
import { pageInfoAnswer } from '@epos/schemas/library/payloads';
import {
  buildPagePayload,
  EMPTY_PAGE,
  fieldOfMessage,
  formFromInfo,
  isBlankPage,
  pageMessages,
  pageSaveFailure,
  pageValuesFrom,
  showsParent,
  validatePage,
  type PageFormValues,
} from './page-form-model';
import { pageDraftName, pageDrafts } from './page-drafts';

const filled: PageFormValues = {
  name: 'About',
  url: '/about',
  permalink: 'about',
  category: 'Main menu',
  parent: '',
  priority: '2',
  md_content: 'Hello ||3||',
};

describe('the page form', () => {
  it('requires name, url, permalink and content, each message naming its field', () => {
    const issues = validatePage(EMPTY_PAGE);
    expect(issues.map((i) => i.fields)).toEqual([['name'], ['url'], ['permalink'], ['md_content']]);
    expect(issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/^Name/),
      expect.stringMatching(/^Url/),
      expect.stringMatching(/^Permalink/),
      expect.stringMatching(/^Content/),
    ]);
    expect(validatePage({ ...filled, name: '  ' }).map((i) => i.fields)).toEqual([['name']]);
    expect(validatePage(filled)).toEqual([]);
  });

  it("checks a Menu page's priority is a whole number, and ignores it on Non-Menu pages", () => {
    expect(validatePage({ ...filled, priority: 'first' }).map((i) => i.fields)).toEqual([['priority']]);
    expect(validatePage({ ...filled, priority: '-1' })).toHaveLength(1);
    expect(validatePage({ ...filled, priority: '' })).toEqual([]);
    expect(validatePage({ ...filled, category: 'Non-Menu', priority: 'first' })).toEqual([]);
  });

  it('shows the parent for Non-Menu pages and the priority for the Menu ones', () => {
    expect(showsParent('Non-Menu')).toBe(true);
    expect(showsParent('Main menu')).toBe(false);
    expect(showsParent('Footer')).toBe(false);
  });

  it('sends a parent only with Non-Menu, a priority only with a Menu category', () => {
    expect(buildPagePayload({ ...filled, parent: 'p1' })).toEqual({
      name: 'About',
      url: '/about',
      permalink: 'about',
      category: 'Main menu',
      parent: null,
      priority: 2,
      md_content: 'Hello ||3||',
    });
    expect(buildPagePayload({ ...filled, category: 'Non-Menu', parent: 'p1' })).toMatchObject({ parent: 'p1', priority: null });
    expect(buildPagePayload({ ...filled, category: 'Non-Menu', parent: '' })).toMatchObject({ parent: null, priority: null });
    expect(buildPagePayload({ ...filled, priority: ' ' })).toMatchObject({ priority: null });
  });

  it("fills the form from /api/pageinfo (the server schema's answer)", () => {
    const info = pageInfoAnswer.parse({
      id: 'a1',
      name: 'Poet',
      url: '/about/poet',
      permalink: 'poet',
      category: 'Non-Menu',
      parent: 'p1',
      priority: null,
      md_content: '# Poet',
      content: '<h1>Poet</h1>',
      created_at: '2030-01-01T00:00:00Z',
      updated_at: '2030-01-01T00:00:00Z',
      revision: 3,
    });
    expect(formFromInfo(info)).toEqual({
      name: 'Poet',
      url: '/about/poet',
      permalink: 'poet',
      category: 'Non-Menu',
      parent: 'p1',
      priority: '',
      md_content: '# Poet',
    });
    expect(formFromInfo({ ...info, category: 'Footer', parent: null, priority: 7 })).toMatchObject({ category: 'Footer', parent: '', priority: '7' });
  });

  it("marks the field a server's message names, and says 'An error Occured' when the server says nothing", () => {
    expect(fieldOfMessage('url: /blogs belongs to the site; choose another path')).toBe('url');
    expect(fieldOfMessage('md_content: a page needs content')).toBe('md_content');
    expect(fieldOfMessage('Content: a page needs content')).toBe('md_content');
    expect(fieldOfMessage('revision: stale')).toBeNull();
    expect(fieldOfMessage(undefined)).toBeNull();
    expect(pageSaveFailure('url: taken')).toBe('url: taken');
    expect(pageSaveFailure(undefined)).toBe('An error Occured');
    expect(pageSaveFailure(' ')).toBe(pageMessages.failed);
  });
});

describe('page drafts on this device', () => {
  function memoryStorage() {
    const data = new Map<string, string>();
    return {
      data,
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
  }

  it('keeps one draft per page id, and one for a new page', () => {
    const storage = memoryStorage();
    const draft = { text: filled, savedAt: '2030-01-01T12:00:00.000Z' };
    expect(pageDraftName(null)).toBe('new');
    expect(pageDrafts.write(storage, pageDraftName('id-1'), draft)).toBe(true);
    expect(pageDrafts.read(storage, 'id-1')).toEqual(draft);
    expect(pageDrafts.read(storage, 'new')).toBeNull();
    expect([...storage.data.keys()]).toEqual(['epos:page-editor:id-1']);
    pageDrafts.remove(storage, 'id-1');
    expect(pageDrafts.read(storage, 'id-1')).toBeNull();
  });

  it('keeps no blank draft and reads odd fields as blank', () => {
    expect(isBlankPage(EMPTY_PAGE)).toBe(true);
    expect(pageDrafts.parse(pageDrafts.serialize({ text: EMPTY_PAGE, savedAt: 'x' }))).toBeNull();
    expect(pageValuesFrom({ name: 'A', category: 'Sidebar', priority: 3 })).toEqual({ ...EMPTY_PAGE, name: 'A' });
  });
});
