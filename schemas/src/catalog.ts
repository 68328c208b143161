import type { EventDefinition } from './events/define-event.js';

/** Every event type of the product. Each feature adds its definitions here. */
export const eventCatalog: readonly EventDefinition[] = [];
