import { describe, expect, it } from 'vitest';
import { blogPaths, feedPaths, isEditorPath, isReservedSegment, matchBlogRoute, RESERVED_SEGMENTS } from './paths';

describe('blog paths', () => {
  it('builds the reader addresses', () => {
    expect(blogPaths.blog('poetry-notes')).toBe('/blogs/poetry-notes');
    expect(blogPaths.post('poetry-notes', 'first-light')).toBe('/blogs/poetry-notes/first-light');
    expect(blogPaths.editPost('b', 'p')).toBe('/blogs/b/p/editpost');
    expect(blogPaths.series('b', 's', 'newest')).toBe('/blogs/b/series/s?sort=newest');
    expect(blogPaths.series('b', 's')).toBe('/blogs/b/series/s');
    expect(blogPaths.user('a b')).toBe('/user/a%20b');
    expect(feedPaths.atom('b')).toBe('/api/blogs/b/feed?format=atom');
    expect(feedPaths.seriesRss('b', 's')).toBe('/api/blogs/b/series/s/feed');
  });

  it('knows the editor pages', () => {
    for (const path of ['/blogs/b/new', '/blogs/b/scheduled', '/blogs/b/draft', '/blogs/b/p/editpost', '/schedule', '/draft', '/draft/', '/blogs/b/new/']) {
      expect(isEditorPath(path), path).toBe(true);
    }
    for (const path of ['/blogs', '/blogs/b', '/blogs/b/p', '/blogs/b/series', '/blogs/b/p/edit', '/drafts', '/blogs/b/series/s', '/user/x']) {
      expect(isEditorPath(path), path).toBe(false);
    }
  });

  it('reserves the blog’s page names', () => {
    expect(isReservedSegment('series')).toBe(true);
    expect(isReservedSegment('Feed')).toBe(true);
    expect(isReservedSegment('first-light')).toBe(false);
  });

  it('routes the reserved pages and the editor before /blogs/{blog}/{postUrl}', () => {
    expect(matchBlogRoute('/blogs')).toEqual({ name: 'blogs', params: {} });
    expect(matchBlogRoute('/blogs/')).toEqual({ name: 'blogs', params: {} });
    expect(matchBlogRoute('/blogs/b')).toEqual({ name: 'blog', params: { blog: 'b' } });
    expect(matchBlogRoute('/blogs/b/p')).toEqual({ name: 'post', params: { blog: 'b', postUrl: 'p' } });
    expect(matchBlogRoute('/blogs/b/p/')).toEqual({ name: 'post', params: { blog: 'b', postUrl: 'p' } });
    expect(matchBlogRoute('/blogs/b/series')).toEqual({ name: 'seriesList', params: { blog: 'b' } });
    expect(matchBlogRoute('/blogs/b/series/s')).toEqual({ name: 'series', params: { blog: 'b', series: 's' } });
    expect(matchBlogRoute('/blogs/b/archive')?.name).toBe('archive');
    expect(matchBlogRoute('/blogs/b/toc')?.name).toBe('toc');
    expect(matchBlogRoute('/blogs/b/feed')?.name).toBe('feed');
    expect(matchBlogRoute('/user/u1')).toEqual({ name: 'user', params: { authorId: 'u1' } });
    expect(matchBlogRoute('/unsubscribe')?.name).toBe('unsubscribe');
    for (const path of ['/blogs/b/new', '/blogs/b/scheduled', '/blogs/b/draft', '/blogs/b/p/editpost', '/schedule', '/draft']) {
      expect(matchBlogRoute(path)?.name, path).toBe('editor');
    }
    for (const word of RESERVED_SEGMENTS) expect(matchBlogRoute(`/blogs/b/${word}`)?.name, word).not.toBe('post');
  });

  it('has no page for other addresses', () => {
    for (const path of ['/user', '/user/a/b', '/blogs/b/p/q', '/blogs/b/series/s/t', '/unsubscribe/x', '/blogsy']) {
      expect(matchBlogRoute(path), path).toBeNull();
    }
  });
});
