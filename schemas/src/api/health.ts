import { z } from 'zod';

export const projectionHealthSchema = z.object({
  name: z.string(),
  version: z.number().int(),
  active: z.boolean().describe('Whether queries read this version'),
  status: z.enum(['catching-up', 'live', 'failed', 'idle', 'stalled']).describe('stalled: behind the head and not moving for a minute (is its process running?)'),
  checkpoint: z.string().describe('Last position applied'),
  lag: z.string().describe('Head position minus checkpoint'),
  error: z.string().nullable(),
});

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  head: z.string().describe('Position of the newest event'),
  eventStore: z.string(),
  projections: z.array(projectionHealthSchema),
});
export type Health = z.infer<typeof healthSchema>;
export type ProjectionHealth = z.infer<typeof projectionHealthSchema>;
