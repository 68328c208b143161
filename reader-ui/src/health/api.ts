import { getJson } from '../app/http';
import { parseHealth } from './parse';
import type { Health } from './types';

export const HEALTH_URL = '/api/health';

/** GET /api/health. A degraded server may answer 503 with the same body, which is still shown. */
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  return parseHealth(await getJson(HEALTH_URL, { signal, acceptStatuses: [503] }));
}
