import type { z } from 'zod';

/** An upcaster turns data of schema version `from` into data of version `from + 1`. */
export interface Upcaster {
  from: number;
  up: (data: unknown) => unknown;
}

export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  type: Type;
  /** Current schema version; events stored with an older version are upcast on read. */
  version: number;
  schema: Schema;
  upcasters: readonly Upcaster[];
}

export function defineEvent<Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
  options: { version?: number; upcasters?: readonly Upcaster[] } = {},
): EventDefinition<Type, Schema> {
  const version = options.version ?? 1;
  const upcasters = [...(options.upcasters ?? [])].sort((a, b) => a.from - b.from);
  upcasters.forEach((u, index) => {
    if (u.from !== index + 1 || u.from >= version) {
      throw new Error(`Event ${type}: upcasters must cover versions 1..${version - 1} in order`);
    }
  });
  if (upcasters.length !== version - 1) {
    throw new Error(`Event ${type}: version ${version} needs ${version - 1} upcaster(s), got ${upcasters.length}`);
  }
  return { type, version, schema, upcasters };
}

/** The data type of an event definition. */
export type EventData<D> = D extends EventDefinition<string, infer S> ? z.infer<S> : never;

/** A discriminated union `{ type, data }` over a list of event definitions. */
export type EventOf<Defs extends readonly EventDefinition[]> = {
  [K in keyof Defs]: Defs[K] extends EventDefinition<infer T, infer S> ? { type: T; data: z.infer<S> } : never;
}[number];
