import { randomUUID } from 'node:crypto';
import { causeSchema, InvalidEventDataError, type Cause, type EventRegistry, type EventMetadata } from '@epos/schemas';
import { UndecodableEventError, type AppendOptions, type NewEvent, type Position } from './port.js';

export interface EncodedEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/** One correlation id for everything a cause appends, even across streams. */
export function correlated(cause: Cause): Cause {
  return { ...cause, correlationId: cause.correlationId ?? randomUUID() };
}

/** Validates events against their schemas and stamps their metadata; throws before anything is stored. */
export function encodeEvents(registry: EventRegistry, events: readonly NewEvent[], options: AppendOptions): EncodedEvent[] {
  if (events.length === 0) throw new Error('append needs at least one event');
  const cause = causeSchema.parse(options.cause);
  const timestamp = new Date().toISOString();
  const correlationId = cause.correlationId ?? randomUUID();
  return events.map((event) => {
    const { data, schemaVersion } = registry.validate(event.type, event.data);
    // PostgreSQL's jsonb cannot hold NUL characters; refuse them here, where the field can be named.
    if (containsNul(data)) {
      throw new InvalidEventDataError(event.type, [{ path: '', message: 'text must not contain NUL characters' }]);
    }
    return {
      id: event.id ?? randomUUID(),
      type: event.type,
      data,
      metadata: {
        actor: cause.actor,
        correlationId,
        causationId: cause.causationId ?? null,
        timestamp,
        schemaVersion,
      },
    };
  });
}

/** Turns stored data into the current shape of its type, naming the position when it cannot. */
export function decodeData(registry: EventRegistry, position: Position, streamId: string, type: string, schemaVersion: number, data: unknown): unknown {
  try {
    return registry.upcast(type, schemaVersion, data);
  } catch (error) {
    throw new UndecodableEventError(position, type, error instanceof Error ? error.message : String(error), streamId);
  }
}

/**
 * Decodes rows in order. When one cannot be decoded, the rows before it are returned so a
 * reader gets exactly up to it; the next read starts at it and throws.
 */
export function decodePrefix<Row, Event>(rows: readonly Row[], decode: (row: Row) => Event): Event[] {
  const events: Event[] = [];
  for (const row of rows) {
    try {
      events.push(decode(row));
    } catch (error) {
      if (events.length === 0) throw error;
      break;
    }
  }
  return events;
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\0') || containsNul(v));
  return false;
}
