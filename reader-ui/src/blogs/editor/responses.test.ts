import { describe, expect, it } from 'vitest';
import { toAutosaveAnswer, toEditablePost, toListPage, toRevisions, toRevisionText, toSaveAnswer, toSeriesTitles } from './responses';
import { toMyBlogs } from '../api';

describe('responses', () => {
  it('reads my blogs, dropping entries without a slug', () => {
    expect(toMyBlogs([{ slug: 'a', title: 'A' }, { slug: 'b' }, { title: 'no slug' }, null])).toEqual([
      { slug: 'a', title: 'A' },
      { slug: 'b', title: 'b' },
    ]);
    expect(toMyBlogs({})).toEqual([]);
  });

  it('reads a post to edit with its autosave', () => {
    const post = toEditablePost({
      id: 'p1',
      blog_id: 'b',
      url: 'u',
      title: 'T',
      md_content: 'M',
      status: 2,
      isPublished: false,
      draft: true,
      revision: 3,
      autosave: { title: 'T2', md_content: 'M2', at: '2030-01-01T00:00:00Z' },
    });
    expect(post).toMatchObject({ id: 'p1', blog_id: 'b', subtitle: '', status: 2, draft: true, isScheduled: null, revision: 3, published_at: null });
    expect(post?.autosave).toEqual({ title: 'T2', subtitle: '', series_title: '', excerpt: '', md_content: 'M2', at: '2030-01-01T00:00:00Z' });
    expect(toEditablePost({ id: 'p1', blog_id: 'b', autosave: null })?.autosave).toBeNull();
    expect(toEditablePost({ title: 'no id' })).toBeNull();
  });

  it('reads save, autosave and revision answers', () => {
    expect(toSaveAnswer({ id: 'p', url: 'u', blog: 'b', revision: 1, message: 'Posted Successfully', redirect: '/blogs/b/u' })).toEqual({
      id: 'p',
      url: 'u',
      revision: 1,
      message: 'Posted Successfully',
      redirect: '/blogs/b/u',
    });
    expect(toAutosaveAnswer({ saved: false, at: '2030' })).toEqual({ saved: false, at: '2030' });
    expect(toRevisions([{ revision: 2, at: 'x', kind: 'revised', author: 'A', title: 'T', words: 10 }, { at: 'no revision' }])).toHaveLength(1);
    expect(toRevisionText({ revision: 2, at: 'x', title: 'T', md_content: 'M' })).toMatchObject({ revision: 2, title: 'T', excerpt: '' });
  });

  it('reads a list page with its paging', () => {
    const page = toListPage(
      {
        slug: 'b',
        title: 'Blog',
        bcontent: [{ id: 'p', url: 'u', title: 'T', publish_at: '2030-01-01T10:00:00Z', series_title: 'S' }, { title: 'no url' }],
        Paging: { CurrentPage: 1, TotalPagesCount: 3, Skip: 0 },
      },
      'b',
    );
    expect(page).toMatchObject({ title: 'Blog', page: 1, pages: 3 });
    expect(page.items).toEqual([
      { id: 'p', url: 'u', title: 'T', subtitle: '', series_title: 'S', author: '', blog: 'b', publish_at: '2030-01-01T10:00:00Z', updated_at: null },
    ]);
    expect(toListPage(null, 'b')).toEqual({ title: 'b', items: [], page: 1, pages: 1 });
  });

  it('reads series titles once each', () => {
    expect(toSeriesTitles({ slug: 'b', sd: [{ slugUrl: 'Readings' }, { slugUrl: 'Readings' }, { slug: 'x' }] })).toEqual(['Readings']);
  });
});
