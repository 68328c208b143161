import type { DateOptions } from '@epos/schemas/dates/formats';
import { useHydrated } from './use-hydrated';

/** How a page rendered on the server shows dates: it cannot know the reader's locale or time zone. */
const SERVER_DATES: DateOptions = { locale: 'en-GB', timeZone: 'UTC' };

/**
 * The options to show dates with: the reader's locale and time zone once the page is the
 * browser's, and the server's fixed ones until then, so a hydrated page's first render equals the
 * server's (docs/decisions/server-rendering.md).
 */
export function useDateOptions(): DateOptions {
  return useHydrated() ? {} : SERVER_DATES;
}
