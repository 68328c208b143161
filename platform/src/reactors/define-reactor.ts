import type { EventDefinition } from '@epos/schemas';
import type { RecordedEvent, RecordedOf } from '../event-store/port.js';

/** What one event type sets off. */
interface Reaction<Context, Event extends RecordedEvent = RecordedEvent> {
  /** The effect in a few words, for the table of effects (docs/architecture.md): "queues blogs.publish-scheduled-post at publishAt". */
  readonly effect: string;
  /** Enqueues the effect's jobs. Must be idempotent (job ids named after the event or its subject): it may run again. */
  react(event: Event, context: Context): Promise<void>;
}

/** Turns events into jobs, whoever appended them; run by the workers process with its own checkpoint. */
export interface Reactor<Context> {
  readonly name: string;
  readonly on: Readonly<Record<string, Reaction<Context>>>;
}

/** One reaction to each listed event, keyed by its type; each receives its event typed by the event's schema. */
type Reactions<Defs extends readonly EventDefinition[], Context> = {
  [Def in Defs[number] as Def['type']]: Reaction<Context, RecordedOf<Def>>;
};

export interface ReactorSpec<Context, Defs extends readonly EventDefinition[]> {
  name: string;
  /** The events reacted to, as the schemas define them: a reaction to any other type does not compile. */
  events: Defs;
  on: NoInfer<Reactions<Defs, Context>>;
}

/** A reactor whose reactions are typed like a projection's handlers (see `defineProjection`). */
export function defineReactor<Context, const Defs extends readonly EventDefinition[]>(spec: ReactorSpec<Context, Defs>): Reactor<Context> {
  return { name: spec.name, on: spec.on };
}

/** The table of effects as markdown: one row per event type a reactor reacts to. */
export function effectsTable(reactors: readonly Reactor<never>[]): string {
  const rows = reactors.flatMap((reactor) => Object.entries(reactor.on).map(([type, reaction]) => `| ${type} | ${reactor.name} | ${reaction.effect} |`));
  return ['| Event | Reactor | Effect |', '| --- | --- | --- |', ...rows].join('\n');
}
