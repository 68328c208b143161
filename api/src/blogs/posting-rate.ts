import type { PostingRate } from '@epos/schemas';

/** The posts-a-month figure looks back this many months. */
const RATE_MONTHS = 12;
const MONTH_MS = (365.2425 / 12) * 24 * 60 * 60 * 1000;

/** Where the figure's window starts: the same moment, 12 months before `now`. */
export function rateWindowStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - RATE_MONTHS);
  return start;
}

/**
 * Posts a month over the last 12 months; a blog younger than that is judged over the whole months
 * since its first post (at least 1), so a new blog's weekly posts are not spread over a year.
 */
export function postingRate(now: Date, first: Date | string | null, recent: number): PostingRate {
  if (first === null || recent === 0) return { postsPerMonth: 0, posts: 0, months: RATE_MONTHS };
  const age = Math.ceil((now.getTime() - new Date(first).getTime()) / MONTH_MS);
  const months = Math.min(RATE_MONTHS, Math.max(1, age));
  return { postsPerMonth: Math.round((recent / months) * 10) / 10, posts: recent, months };
}

/** The day (UTC) an answer with the figure belongs to: such answers are cached per day. */
export function rateDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
