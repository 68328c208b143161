import type { EventDefinition } from './define-event.js';

export class UnknownEventTypeError extends Error {
  constructor(readonly eventType: string) {
    super(`Unknown event type "${eventType}"`);
    this.name = 'UnknownEventTypeError';
  }
}

export class InvalidEventDataError extends Error {
  constructor(
    readonly eventType: string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(`Event ${eventType} has invalid data: ${issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ')}`);
    this.name = 'InvalidEventDataError';
  }
}

/** Knows every event type: validates data on write and upcasts old shapes on read. */
export class EventRegistry {
  private readonly definitions = new Map<string, EventDefinition>();

  constructor(definitions: Iterable<EventDefinition> = []) {
    for (const d of definitions) this.register(d);
  }

  register(definition: EventDefinition): this {
    const existing = this.definitions.get(definition.type);
    if (existing && existing !== definition) throw new Error(`Event type ${definition.type} registered twice`);
    this.definitions.set(definition.type, definition);
    return this;
  }

  has(type: string): boolean {
    return this.definitions.has(type);
  }

  types(): string[] {
    return [...this.definitions.keys()];
  }

  private definition(type: string): EventDefinition {
    const d = this.definitions.get(type);
    if (!d) throw new UnknownEventTypeError(type);
    return d;
  }

  /** Validates data for writing; returns the parsed data and the schema version it is stored under. */
  validate(type: string, data: unknown): { data: unknown; schemaVersion: number } {
    const d = this.definition(type);
    return { data: parse(d, data), schemaVersion: d.version };
  }

  /** Turns stored data of any older schema version into the current shape. */
  upcast(type: string, schemaVersion: number, data: unknown): unknown {
    const d = this.definition(type);
    if (schemaVersion > d.version) {
      throw new InvalidEventDataError(type, [{ path: '', message: `stored schema version ${schemaVersion} is newer than known version ${d.version}` }]);
    }
    let current = data;
    for (const u of d.upcasters) if (u.from >= schemaVersion) current = u.up(current);
    return parse(d, current);
  }
}

function parse(d: EventDefinition, data: unknown): unknown {
  const result = d.schema.safeParse(data);
  if (!result.success) {
    throw new InvalidEventDataError(
      d.type,
      result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    );
  }
  return result.data;
}
