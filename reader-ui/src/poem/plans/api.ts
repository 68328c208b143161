import type { MyPlansAnswer, PlanPortion, PlanToday } from '@epos/schemas/study/plans';
import type { CuratedPlanAnswer, CuratedPlanDay, CuratedPlansAnswer, CuratedPlanSummary } from '@epos/schemas/study/curated-plans';
import { deleteResource, getJson, postJson, type Result } from '../../ui/http';

export type { CuratedPlanAnswer, CuratedPlanDay, CuratedPlansAnswer, CuratedPlanSummary, MyPlansAnswer, PlanPortion, PlanToday };
type PlanAnswer = { plan: PlanToday | null };

/** Days are the reader's own: counted in this browser's time zone. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function fetchMyPlans(options: { signal?: AbortSignal; after?: string | null } = {}): Promise<Result<MyPlansAnswer>> {
  return getJson<MyPlansAnswer>(`/api/my/plans?${new URLSearchParams({ timeZone: timeZone() }).toString()}`, options);
}

export interface NewPlan {
  from?: { book: number; canto: number };
  to?: { book: number; canto: number };
  days?: number;
  linesPerDay?: number;
  startDay?: string;
  /** The editors' plan to follow (its cantos, days and calendar). */
  curated?: string;
}

const planUrl = (planId: string, action = '') => `/api/my/plans/${encodeURIComponent(planId)}${action}`;
export const startPlan = (plan: NewPlan) => postJson<PlanAnswer>('/api/my/plans', { ...plan, timeZone: timeZone() });
/** Read through sentence `through` (its running number), or nothing with null. */
export const readPlan = (planId: string, through: number | null) => postJson<PlanAnswer>(planUrl(planId, '/read'), { through, timeZone: timeZone() });
export const reschedulePlan = (planId: string, how: 'repace' | 'moveEnd') =>
  postJson<PlanAnswer>(planUrl(planId, '/reschedule'), { how, timeZone: timeZone() });
export const stopPlan = (planId: string) => deleteResource<PlanAnswer>(planUrl(planId));

/** Today in this browser's time zone, as YYYY-MM-DD. */
export const localToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timeZone(), year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

const zoned = () => new URLSearchParams({ timeZone: timeZone() }).toString();
/** The editors' plans, a shared calendar's portion of this reader's day with each. */
export const fetchCuratedPlans = (signal?: AbortSignal) => getJson<CuratedPlansAnswer>(`/api/plans?${zoned()}`, { signal });
export const fetchCuratedPlan = (planId: string, signal?: AbortSignal) =>
  getJson<CuratedPlanAnswer>(`/api/plans/${encodeURIComponent(planId)}?${zoned()}`, { signal, notFound: 'No such reading plan' });
