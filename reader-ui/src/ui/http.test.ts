import { describe, expect, it } from 'vitest';
import { failureText, problemOf, resultOf } from './http';

const said = (body: unknown) => problemOf(body);
const noHeaders = { get: () => null };

describe('failureText', () => {
  const blogPage = ['No blog found', 'No blogs to show'] as const;

  it('shows the server’s 404 text when the call can answer it', () => {
    expect(failureText(404, said({ statusCode: 404, message: 'No blogs to show' }), blogPage)).toBe('No blogs to show');
    expect(failureText(404, said({ statusCode: 404, message: 'No blog found' }), blogPage)).toBe('No blog found');
  });

  it('falls back to the call’s own 404 text', () => {
    expect(failureText(404, said({ message: 'Route GET:/api/x not found' }), blogPage)).toBe('No blog found');
    expect(failureText(404, said(null), ['No Blogs yet'])).toBe('No Blogs yet');
    expect(failureText(404, said(null))).toBe('Not Found');
  });

  it('says "An error occured" for anything else', () => {
    expect(failureText(500, said({ message: 'No blog found' }), blogPage)).toBe('An error occured');
    expect(failureText(0, said(null), blogPage)).toBe('An error occured');
    expect(failureText(403, said(null), blogPage)).toBe('An error occured');
  });

  it('passes on a refusal’s own words, or says when to come back, and that a part is being rebuilt', () => {
    expect(failureText(429, said({ statusCode: 429, error: 'too_many_requests', message: 'Wait 5 seconds.' }))).toBe('Wait 5 seconds.');
    expect(failureText(503, said({ statusCode: 503, error: 'busy', message: '' }), 'x', '7')).toBe(
      'Too many requests just now. Please wait 7 seconds and try again.',
    );
    expect(failureText(503, said({ statusCode: 503, error: 'being_rebuilt', message: 'any' }))).toBe(
      'This part is being rebuilt. Please try again in a few minutes.',
    );
    expect(failureText(503, said({ statusCode: 503, error: 'unavailable', message: 'Down' }))).toBe('An error occured');
  });
});

describe('problemOf', () => {
  it('reads the site’s error shape, fields included', () => {
    expect(problemOf({ statusCode: 400, error: 'validation', message: 'Invalid title: required', fields: [{ field: 'title', message: 'required' }] })).toEqual({
      code: 'validation',
      message: 'Invalid title: required',
      fields: [{ field: 'title', message: 'required' }],
    });
    expect(problemOf({ statusCode: 400, error: 'Bad Request', message: 'Fields marked with * are required', fields: ['title', 3] })).toEqual({
      code: 'Bad Request',
      message: 'Fields marked with * are required',
      fields: [{ field: 'title', message: '' }],
    });
    expect(problemOf({ statusCode: 500, error: 'Internal Server Error' }).message).toBe('Internal Server Error');
    expect(problemOf({ type: 0, error: 'Invalid login attempt.' })).toEqual({ code: undefined, message: 'Invalid login attempt.', fields: [] });
    expect(problemOf('oops')).toEqual({ code: undefined, message: undefined, fields: [] });
  });
});

describe('resultOf', () => {
  it('is the data of a 2xx of the expected shape, else a failure said by the call', () => {
    expect(resultOf(200, [1], { get: (name) => (name === 'X-Position' ? '9' : null) })).toEqual({
      ok: true,
      status: 200,
      data: [1],
      position: '9',
      redirectedTo: null,
    });
    expect(resultOf(200, {}, noHeaders, { shape: Array.isArray })).toMatchObject({ ok: false, status: 200, message: 'An error occured' });
    expect(
      resultOf(400, { statusCode: 400, message: 'Bad range' }, noHeaders, { failure: (status, p) => (status === 400 ? p.message : undefined) }),
    ).toMatchObject({ ok: false, message: 'Bad range' });
    expect(resultOf(404, null, noHeaders, { notFound: 'No book found' })).toMatchObject({ ok: false, status: 404, message: 'No book found' });
  });
});
