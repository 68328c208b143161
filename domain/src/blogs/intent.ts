import { fromZonedTime } from 'date-fns-tz';
import { DomainError } from '../decider.js';
import { POST_STATUS, type PostPayload } from '@epos/schemas';
import type { Intent } from './post-decider.js';

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The scheduled moment in UTC: an ISO time with offset as is, a local time read in the author's zone. */
function publishMoment(publishedAt: string, timeZone: string | null | undefined): string {
  if (WITH_OFFSET.test(publishedAt)) {
    const at = new Date(publishedAt);
    if (!Number.isNaN(at.getTime())) return at.toISOString();
  } else if (LOCAL.test(publishedAt)) {
    if (!timeZone || !validTimeZone(timeZone))
      throw new DomainError('invalid', 'time_zone: give your time zone (like Asia/Kolkata) with a local date and time', 'time_zone');
    const at = fromZonedTime(publishedAt, timeZone);
    if (!Number.isNaN(at.getTime())) return at.toISOString();
  }
  throw new DomainError('invalid', 'published_at: expected a date and time like 2026-12-01T09:30', 'published_at');
}

/** What the status radio asks for. */
export function intentOf(payload: PostPayload): Intent {
  if (payload.status === POST_STATUS.scheduled) return { status: 'scheduled', publishAt: publishMoment(payload.published_at!, payload.time_zone) };
  return payload.status === POST_STATUS.draft ? { status: 'draft' } : { status: 'published' };
}

export function contentOf(payload: { title: string; subtitle: string; series_title: string; excerpt: string; md_content: string }) {
  return { title: payload.title, subtitle: payload.subtitle, seriesTitle: payload.series_title, excerpt: payload.excerpt, markdown: payload.md_content };
}
