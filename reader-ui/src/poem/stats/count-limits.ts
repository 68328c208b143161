/**
 * The count API's limits, as plain numbers: schemas/src/stats/counts.ts defines them beside its zod
 * schemas, which this page does not load (zod would be 90 kB more). A test holds them equal.
 */
/** Sentences per page of /api/count (COUNT_PAGE_SIZE). */
export const COUNT_PAGE = 50;
/** The most sentences one range may span (MAX_COUNT_RANGE). */
export const MOST_IN_RANGE = 25_000;
