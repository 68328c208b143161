import { z } from 'zod';

export const actorSchema = z.string().min(1).describe('User id of whoever caused the event, or "system"');

export const eventMetadataSchema = z.object({
  actor: actorSchema,
  correlationId: z.uuid(),
  causationId: z.uuid().nullable(),
  timestamp: z.iso.datetime({ offset: true }),
  schemaVersion: z.number().int().positive(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** What a caller supplies; the store fills in the rest. */
export const causeSchema = z.object({
  actor: actorSchema,
  correlationId: z.uuid().optional(),
  causationId: z.uuid().nullable().optional(),
});
export type Cause = z.infer<typeof causeSchema>;

export const SYSTEM_ACTOR = 'system';

/** An event position as text: at most 18 digits, so that any it admits fits PostgreSQL's bigint. */
export const EVENT_POSITION_PATTERN = /^\d{1,18}$/;
