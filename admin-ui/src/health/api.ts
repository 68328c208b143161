import type { Health } from '@epos/schemas/api/health';

const HEALTH_URL = '/api/health';

/**
 * GET /api/health. A degraded server may answer 503 with the same body; any other 503 (the server
 * is stopping) carries no report. The server holds the body to its contract (healthSchema), so
 * only the type is imported here, keeping zod out of the console's bundle.
 */
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  const response = await fetch(HEALTH_URL, { headers: { accept: 'application/json' }, signal: signal ?? null });
  if (!response.ok && response.status !== 503) {
    throw new Error(`GET ${HEALTH_URL} answered ${response.status}`);
  }
  const body: unknown = await response.json();
  if (!isHealth(body)) throw new Error(`GET ${HEALTH_URL} answered ${response.status} without a health report`);
  return body;
}

function isHealth(body: unknown): body is Health {
  return typeof body === 'object' && body !== null && 'status' in body && 'projections' in body && Array.isArray(body.projections);
}
