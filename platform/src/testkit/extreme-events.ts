import { POEM_STREAM, poemStructureEvents, sentenceEvents, sentenceStream, type EventDefinition } from '@epos/schemas';
import { extremeValue, extremities, uuidFor, variantsOf, type ExtremeOptions } from './extreme-values.js';

export interface ExtremeEvent {
  streamId: string;
  type: string;
  data: unknown;
  actor: string;
  /** Which world of values it belongs to (its extremity). */
  world: string;
}

const structureTypes = new Set<string>(poemStructureEvents.map((d) => d.type));
const sentenceTypes = new Set<string>(sentenceEvents.map((d) => d.type));

/**
 * Every event type of a catalogue at each extremity (extreme-values.ts), in catalogue order, one
 * world of consistent ids per extremity: within a world, a `postId` is the same post in every event
 * that names one, so each event meets the records it refers to. Each type comes in as many variants
 * as hold every value of its enumerations and every branch of its unions: one sentence gets its
 * text in every edition and every language, each variant of a record with ids of its own. Worlds
 * never share an id.
 */
export function extremeEvents(
  catalog: readonly EventDefinition[],
  options: { options?: (world: string) => Pick<ExtremeOptions, 'seal' | 'ids'> } = {},
): ExtremeEvent[] {
  const events: ExtremeEvent[] = [];
  for (const extremity of extremities) {
    const world = extremity;
    const extra = options.options?.(world) ?? {};
    for (const definition of catalog) {
      for (let variant = 0; variant < variantsOf(definition.schema); variant++) events.push(eventOf(definition, { extremity, variant, world, ...extra }));
    }
  }
  return events;
}

function eventOf(definition: EventDefinition, options: ExtremeOptions): ExtremeEvent {
  const data = extremeValue(definition.schema, options);
  const { world } = options;
  return { streamId: streamOf(definition.type, data, world), type: definition.type, data, actor: uuidFor(`${world}/0/userId/0`), world };
}

/** The poem's structure and sentence streams as the product names them (its projections tell them apart); any other a stream of its own. */
function streamOf(type: string, data: unknown, world: string): string {
  if (structureTypes.has(type)) return POEM_STREAM;
  if (sentenceTypes.has(type)) return sentenceStream((data as { sentence: number }).sentence);
  return `extreme-${type}-${world}`;
}
