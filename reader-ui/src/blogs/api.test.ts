import { describe, expect, it } from 'vitest';
import { blogApi, shapes } from './api';

describe('blogApi', () => {
  it('builds the calls', () => {
    expect(blogApi.blog('poetry-notes', 2)).toBe('/api/blogs/poetry-notes?page=2');
    expect(blogApi.seriesList('b', '')).toBe('/api/blogs/b/series');
    expect(blogApi.seriesList('b', ' dawn & dusk ')).toBe('/api/blogs/b/series?what=dawn+%26+dusk');
    expect(blogApi.series('b', 's', 1, 'newest')).toBe('/api/blogs/b/series/s?page=1&sort=newest');
    expect(blogApi.mentions('p1', 'ar')).toBe('/api/comments/p1/mentions?q=ar');
    expect(blogApi.user('u 1')).toBe('/api/user/u%201');
  });
});

describe('shapes', () => {
  it('accept the contract’s answers and refuse others', () => {
    const paging = { CurrentPage: 1, TotalPagesCount: 2, Skip: 0 };
    expect(shapes.list([])).toBe(true);
    expect(shapes.list({})).toBe(false);
    expect(shapes.page({ slug: 'b', title: 'B', bcontent: [], Paging: paging })).toBe(true);
    expect(shapes.page({ bcontent: [] })).toBe(false);
    expect(shapes.page({ bcontent: {}, Paging: paging })).toBe(false);
    expect(shapes.post({ id: 'p', title: 'T', content: '<p>x</p>' })).toBe(true);
    expect(shapes.post({ id: 'p', title: 'T' })).toBe(false);
    expect(shapes.seriesList({ sd: [] })).toBe(true);
    expect(shapes.archive({ timeline: [] })).toBe(true);
    expect(shapes.archive(null)).toBe(false);
  });
});
