import type { MyReadingAnswer } from '@epos/schemas/study/reading';
import { getJson, postJson, type Result } from '../../ui/http';

export type { MyReadingAnswer };

/** The reader's place, today, streaks, the last `days` days and sessions, days counted in this browser's time zone. */
export function fetchMyReading(options: { signal?: AbortSignal; days?: number; after?: string | null } = {}): Promise<Result<MyReadingAnswer>> {
  const params = new URLSearchParams({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  if (options.days !== undefined) params.set('days', String(options.days));
  return getJson<MyReadingAnswer>(`/api/my/reading?${params.toString()}`, { signal: options.signal, after: options.after });
}

/** Sets the daily goal in minutes, or clears it with null. */
export const setReadingGoal = (minutesPerDay: number | null) => postJson<{ minutesPerDay: number | null }>('/api/my/reading/goal', { minutesPerDay });
