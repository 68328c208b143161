import type { PostingRate } from '@epos/schemas/blogs/responses';

/** "About 3 posts a month", from the blog answer's posting rate. */
export function postingRateLabel(rate: PostingRate): string {
  if (rate.posts === 0) return 'No posts in the last 12 months';
  if (rate.postsPerMonth < 0.95) return 'Fewer than one post a month';
  const n = Math.round(rate.postsPerMonth);
  return `About ${n} ${n === 1 ? 'post' : 'posts'} a month`;
}

/** What the figure is judged by: the last 12 months, or a younger blog's months so far. */
export function postingRateBasis(rate: PostingRate): string {
  if (rate.posts === 0 || rate.months >= 12) return 'judging by the last 12 months';
  return rate.months === 1 ? 'judging by its first month' : `judging by its first ${rate.months} months`;
}
