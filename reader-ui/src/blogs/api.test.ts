import { describe, expect, it } from 'vitest';
import { blogApi, readFailure, shapes, toWriteResult } from './api';

describe('readFailure', () => {
  const blogPage = ['No blog found', 'No blogs to show'] as const;

  it('shows the server’s 404 text when the call can answer it', () => {
    expect(readFailure(404, { statusCode: 404, message: 'No blogs to show' }, blogPage)).toBe('No blogs to show');
    expect(readFailure(404, { statusCode: 404, message: 'No blog found' }, blogPage)).toBe('No blog found');
  });

  it('falls back to the call’s own 404 text', () => {
    expect(readFailure(404, { message: 'Route GET:/api/x not found' }, blogPage)).toBe('No blog found');
    expect(readFailure(404, null, ['No Blogs yet'])).toBe('No Blogs yet');
  });

  it('says "An error occured" for anything else', () => {
    expect(readFailure(500, { message: 'No blog found' }, blogPage)).toBe('An error occured');
    expect(readFailure(0, null, blogPage)).toBe('An error occured');
    expect(readFailure(403, null, blogPage)).toBe('An error occured');
  });
});

describe('toWriteResult', () => {
  it('is a success for a 2xx answer, with or without type', () => {
    expect(toWriteResult({ result: { ok: true, message: 'Comment posted successfully' }, status: 200, position: '42', body: null })).toEqual({
      ok: true,
      message: 'Comment posted successfully',
      position: '42',
    });
    // {message: "Post deleted"} has no type: postCommand calls it a failure
    expect(toWriteResult({ result: { ok: false, error: 'Post deleted' }, status: 200, position: null, body: null })).toEqual({ ok: true, message: 'Post deleted', position: null });
    expect(toWriteResult({ result: { ok: false, error: 'An error occured' }, status: 204, position: null, body: null })).toEqual({ ok: true, message: undefined, position: null });
  });

  it('is a failure for any other status', () => {
    expect(toWriteResult({ result: { ok: false, error: 'conflict' }, status: 409, position: null, body: null })).toEqual({ ok: false, status: 409 });
    expect(toWriteResult({ result: { ok: false, error: 'An error occured' }, status: 0, position: null, body: null })).toEqual({ ok: false, status: 0 });
  });
});

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
