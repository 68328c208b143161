import { describe, expect, it } from 'vitest';
import type { Archive, SeriesEntry } from './api';
import { archiveDayLabel, archivePostPath, openByDefault, seriesByLetter, spansBlogs, tabId, tabLabel } from './archive';
import { countLabel } from '../ui/count-label';

const post = (blog: string, slug: string) => ({ postslug: slug, posttitle: slug, postBlogSlug: blog, postBlog: blog.toUpperCase() });

function archive(blogs: string[]): Archive {
  return {
    title: 'Poetry notes',
    slug: 'poetry-notes',
    countPost: blogs.length,
    timeline: [
      {
        year: 2024,
        totalposts: blogs.length,
        monthtimeline: [
          { monthname: 'March', totalposts: blogs.length, postdate: [{ date: '2024-03-05', postdetails: blogs.map((b, i) => post(b, `p${i}`)) }] },
        ],
      },
    ],
  };
}

describe('archive display', () => {
  it('labels tabs with their counts', () => {
    expect(countLabel(1, 'post')).toBe('1 post');
    expect(countLabel(0, 'post')).toBe('0 posts');
    expect(countLabel(3, 'reply', 'replies')).toBe('3 replies');
    expect(tabLabel(2024, 12)).toBe('2024 (12 posts)');
    expect(tabLabel('March', 1)).toBe('March (1 post)');
  });

  it('opens only the newest year and its newest month', () => {
    expect(openByDefault(0)).toBe(true);
    expect(openByDefault(1)).toBe(false);
    expect(openByDefault(0, 0)).toBe(true);
    expect(openByDefault(0, 1)).toBe(false);
    expect(openByDefault(1, 0)).toBe(false);
  });

  it('shows days and links posts to their own blog', () => {
    expect(archiveDayLabel('2024-03-05')).toBe('5th Mar 24');
    expect(archivePostPath(post('other-blog', 'hello'))).toBe('/blogs/other-blog/hello');
  });

  it('names the blog only when the posts come from several', () => {
    expect(spansBlogs(archive(['a', 'a']))).toBe(false);
    expect(spansBlogs(archive(['a', 'b']))).toBe(true);
    expect(spansBlogs({ ...archive([]), timeline: [] })).toBe(false);
  });

  it('gives tabs stable ids', () => {
    expect(tabId(2024)).toBe('archive-2024');
    expect(tabId(2024, 'March')).toBe('archive-2024-march');
  });
});

describe('seriesByLetter', () => {
  const entry = (slugUrl: string, Letter = slugUrl.charAt(0).toUpperCase()): SeriesEntry => ({
    slug: slugUrl.toLowerCase(),
    slugUrl,
    count: 1,
    Letter,
    LastDates: '2024-01-01T00:00:00.000Z',
    Author: 'A',
  });

  it('groups series under their letters, in order', () => {
    const groups = seriesByLetter([entry('Zen'), entry('dawn'), entry('Apple'), entry('Dusk'), entry('ant', '')]);
    expect(groups.map((g) => g.letter)).toEqual(['A', 'D', 'Z']);
    expect(groups[0]?.series.map((s) => s.slugUrl)).toEqual(['ant', 'Apple']);
    expect(groups[1]?.series.map((s) => s.slugUrl)).toEqual(['dawn', 'Dusk']);
  });

  it('is empty for no series', () => {
    expect(seriesByLetter([])).toEqual([]);
  });
});
