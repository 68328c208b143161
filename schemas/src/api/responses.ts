import { z } from 'zod';

/**
 * A moment as the API writes it: ISO 8601 in UTC. Routes may hand over a Date (from a read model)
 * or its ISO string; either is written as the string.
 */
export const isoMoment = z
  .custom<Date | string>((value) => value instanceof Date || (typeof value === 'string' && !Number.isNaN(Date.parse(value))), 'expected a date and time')
  .meta({ type: 'string', format: 'date-time' });

/** A body that is not JSON (a feed, a page, audio): documented by its media type, sent as bytes. */
export const notJson = (description: string) => z.string().describe(description);
