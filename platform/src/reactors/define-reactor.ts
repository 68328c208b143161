import type { RecordedEvent } from '../event-store/port.js';

/** What one event type sets off. */
export interface Reaction<Context> {
  /** The effect in a few words, for the table of effects (README): "queues blogs.publish-scheduled-post at publishAt". */
  readonly effect: string;
  /** Enqueues the effect's jobs. Must be idempotent (job ids named after the event or its subject): it may run again. */
  react(event: RecordedEvent, context: Context): Promise<void>;
}

/** Turns events into jobs, whoever appended them; run by the workers process with its own checkpoint. */
export interface Reactor<Context> {
  readonly name: string;
  readonly on: Readonly<Record<string, Reaction<Context>>>;
}

export function defineReactor<Context>(reactor: Reactor<Context>): Reactor<Context> {
  return reactor;
}

/** The table of effects as markdown: one row per event type a reactor reacts to. */
export function effectsTable(reactors: readonly Reactor<never>[]): string {
  const rows = reactors.flatMap((reactor) => Object.entries(reactor.on).map(([type, reaction]) => `| ${type} | ${reactor.name} | ${reaction.effect} |`));
  return ['| Event | Reactor | Effect |', '| --- | --- | --- |', ...rows].join('\n');
}
