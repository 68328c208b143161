import { z } from 'zod';
import { defineEvent, EventRegistry } from '@epos/schemas';

/** A tiny feature used only by the platform's own tests and benchmarks. */
export const counterOpened = defineEvent('CounterOpened', z.object({ name: z.string().min(1) }));
export const counterIncremented = defineEvent('CounterIncremented', z.object({ by: z.number().int().positive() }));

/** Version 2 renamed `title` to `label`; stored version-1 events are upcast on read. */
const counterLabelledV1 = defineEvent('CounterLabelled', z.object({ title: z.string() }));
const counterLabelled = defineEvent('CounterLabelled', z.object({ label: z.string(), source: z.enum(['v1', 'v2']) }), {
  version: 2,
  upcasters: [{ from: 1, up: (data) => ({ label: (data as { title: string }).title, source: 'v1' }) }],
});

export const sampleEvents = [counterOpened, counterIncremented, counterLabelled] as const;

export function sampleRegistry(): EventRegistry {
  return new EventRegistry(sampleEvents);
}

export function sampleRegistryV1(): EventRegistry {
  return new EventRegistry([counterOpened, counterIncremented, counterLabelledV1]);
}
