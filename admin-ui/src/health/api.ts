import { healthSchema, type Health } from '@epos/schemas/api/health';

export const HEALTH_URL = '/api/health';

/** GET /api/health, checked against the shared contract. A degraded server may answer 503 with the same body. */
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  const response = await fetch(HEALTH_URL, { headers: { accept: 'application/json' }, signal: signal ?? null });
  if (!response.ok && response.status !== 503) {
    throw new Error(`GET ${HEALTH_URL} answered ${response.status}`);
  }
  return healthSchema.parse(await response.json());
}
