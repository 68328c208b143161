import { z } from 'zod';

export const projectionHealthSchema = z.object({
  name: z.string(),
  version: z.number().int(),
  active: z.boolean().describe('Whether queries read this version'),
  superseded: z
    .boolean()
    .describe('A newer version serves instead (a rebuild or a deployment took over); it is dropped at the next start and degrades nothing'),
  status: z
    .enum(['catching-up', 'live', 'failed', 'idle', 'stalled'])
    .describe('stalled: behind the head and its checkpoint not moved for longer than PROJECTION_STALL_SECONDS (is a projections process running?)'),
  checkpoint: z.string().describe('Last position applied'),
  lag: z.string().describe('Head position minus checkpoint'),
  error: z.string().nullable().describe('Why it stopped, when it did'),
  failedAt: z
    .object({ position: z.string(), streamId: z.string(), eventType: z.string() })
    .nullable()
    .describe('The event it stopped at (failed): restarted after a fix, it resumes from that event; `npm run rebuild -- <name>` rebuilds it beside'),
  holder: z.string().nullable().describe('The process running this version (host:pid[/thread]:tag), while its lease lasts; null when no process holds it'),
  leaseExpiresAt: z.string().nullable().describe('When the holder must renew its lease by (ISO 8601); another process takes over after it'),
  checkpointMovedAt: z.string().describe('When the checkpoint last moved or was found at the head (ISO 8601)'),
});

export const dependencyStatusSchema = z.enum(['up', 'down']);

export const dependenciesSchema = z.object({
  database: dependencyStatusSchema.describe('PostgreSQL: the event store, read models and sessions'),
  redis: dependencyStatusSchema.optional().describe('Present when background jobs run on Redis (REDIS_URL)'),
});

export const healthSchema = z.object({
  status: z
    .enum(['ok', 'degraded', 'unavailable'])
    .describe('unavailable: a dependency is down (answered with 503 and Retry-After); degraded: a projection failed or stalled'),
  head: z.string().describe('Position of the newest event (while the database is down: the last one seen)'),
  eventStore: z.string(),
  projections: z.array(projectionHealthSchema).describe('While the database is down: as last seen'),
  dependencies: dependenciesSchema,
  message: z.string().optional().describe('What is wrong, when something is'),
});
export type Health = z.infer<typeof healthSchema>;
export type ProjectionHealth = z.infer<typeof projectionHealthSchema>;
