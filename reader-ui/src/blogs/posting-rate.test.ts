import { describe, expect, it } from 'vitest';
import { postingRateBasis, postingRateLabel } from './posting-rate';

describe('posts a month', () => {
  it('rounds to whole posts a month', () => {
    expect(postingRateLabel({ postsPerMonth: 2.5, posts: 30, months: 12 })).toBe('About 3 posts a month');
    expect(postingRateLabel({ postsPerMonth: 1, posts: 12, months: 12 })).toBe('About 1 post a month');
    expect(postingRateLabel({ postsPerMonth: 0.4, posts: 5, months: 12 })).toBe('Fewer than one post a month');
    expect(postingRateLabel({ postsPerMonth: 0, posts: 0, months: 12 })).toBe('No posts in the last 12 months');
  });

  it('says which months it is judged by', () => {
    expect(postingRateBasis({ postsPerMonth: 2.5, posts: 30, months: 12 })).toBe('judging by the last 12 months');
    expect(postingRateBasis({ postsPerMonth: 3, posts: 3, months: 1 })).toBe('judging by its first month');
    expect(postingRateBasis({ postsPerMonth: 3, posts: 6, months: 2 })).toBe('judging by its first 2 months');
  });
});
