import { describe, expect, it } from 'vitest';
import { learnFromAnswer, valuesNamedIn } from './learn-from-answers.js';
import { validValue } from './valid-values.js';
import { ValuePool } from './value-pool.js';

describe('ValuePool', () => {
  const answers = () => {
    const pool = new ValuePool();
    pool.harvest([
      { id: '11111111-1111-4111-8111-111111111111', url: 'first-post', blog_id: 'reading-notes' },
      { id: '22222222-2222-4222-8222-222222222222', url: 'second-post', blog_id: 'evening-letters' },
    ]);
    pool.harvest([{ id: '33333333-3333-4333-8333-333333333333', content: 'A comment' }], '', { post: '22222222-2222-4222-8222-222222222222' });
    return pool;
  };

  it('keeps every value under its key and finds them by synonyms', () => {
    const pool = answers();
    expect(pool.candidates('blog')).toEqual(['reading-notes', 'evening-letters']);
    expect(pool.candidates('post')).toEqual(expect.arrayContaining(['first-post', '11111111-1111-4111-8111-111111111111']));
  });

  it('leaves out values it was told to exclude', () => {
    const pool = answers();
    pool.exclude('reading-notes');
    pool.harvest({ blog_id: 'reading-notes' });
    expect(pool.candidates('blog')).toEqual(['evening-letters']);
  });

  it('picks values that belong together, the request’s own parameters included', () => {
    const pool = answers();
    const record = pool.recordFor(['blog_id', 'url'], () => 0.99)!;
    const context = { pool, random: () => 0, record };
    expect([validValue('blog_id', { type: 'string' }, context), validValue('url', { type: 'string' }, context)]).toEqual(['evening-letters', 'second-post']);
    const comment = pool.recordFor(
      ['post', 'id', 'cm'],
      () => 0,
      (_name, value) => String(value).length === 36,
    )!;
    expect(comment.get('post')).toBe('22222222-2222-4222-8222-222222222222');
    expect(comment.get('id')).toBe('33333333-3333-4333-8333-333333333333');
  });

  it('makes up values that fit the schema when it knows none, and future dates', () => {
    const pool = new ValuePool();
    const context = { pool, random: () => 0.5 };
    expect(validValue('page', { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 10 }, context)).toBe(1);
    expect(validValue('id', { type: 'string', format: 'uuid' }, context)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Date.parse(String(validValue('published_at', { type: 'string' }, context)))).toBeGreaterThan(Date.now());
    expect(validValue('Key', { type: 'string', enum: ['reason'] }, context)).toBe('reason');
  });
});

describe('learnFromAnswer', () => {
  it('learns the values a validation message names', () => {
    expect(valuesNamedIn('expected one of sa, hi, fr, de, or, zh')).toEqual(['sa', 'hi', 'fr', 'de', 'or', 'zh']);
    expect(valuesNamedIn('Invalid option: expected one of "first"|"revised"')).toEqual(['first', 'revised']);
    expect(valuesNamedIn('expected sentence numbers like 10-20 or 3,5,7-9')).toEqual(['10-20']);
    const pool = new ValuePool();
    expect(
      learnFromAnswer(
        pool,
        400,
        JSON.stringify({
          error: 'validation',
          message: 'Invalid lang: expected one of sa, hi',
          fields: [{ field: 'lang', message: 'expected one of sa, hi' }],
        }),
      ),
    ).toBe(2);
    expect(pool.candidates('lang')).toEqual(['sa', 'hi']);
  });

  it('learns from a 409 which fields want new values', () => {
    const pool = new ValuePool();
    pool.harvest({ userName: 'admin', slug: 'reading-notes' });
    learnFromAnswer(pool, 409, JSON.stringify({ type: 0, error: 'That User Name is taken; choose another' }));
    learnFromAnswer(pool, 409, JSON.stringify({ message: 'slug: there is already a blog', fields: [{ field: 'slug', message: 'already taken' }] }));
    expect(validValue('UserName', { type: 'string' }, { pool, random: () => 0 })).not.toBe('admin');
    expect(validValue('slug', { type: 'string' }, { pool, random: () => 0 })).not.toBe('reading-notes');
  });
});
