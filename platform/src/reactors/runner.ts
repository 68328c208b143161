import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../db/database.js';
import { reconnectDelay } from '../db/outage.js';
import { describeDatabaseError, isDatabaseUnavailable } from '../db/unavailable.js';
import type { EventStore, Position, RecordedEvent } from '../event-store/port.js';
import type { Logger } from '../logging/logger.js';
import type { Reactor } from './define-reactor.js';

export interface ReactorRunnerOptions<Context> {
  database: Database;
  store: EventStore;
  reactors: readonly Reactor<Context>[];
  context: Context;
  logger: Logger;
  batchSize?: number;
  /**
   * Whether a failure will pass by itself (a server down, a read model behind): retried for as
   * long as it lasts. Any other failure is retried a few times, then its event is passed over,
   * named in the log and in `reactor_checkpoints.error`, so one bad event cannot stop every later
   * effect. Default: only a database outage is transient.
   */
  isTransient?: (error: unknown) => boolean | Promise<boolean>;
}

/** Tries of a reaction that keeps failing for a reason that will not pass, before its event is passed over. */
const ATTEMPTS_BEFORE_SKIPPING = 5;

/** A reaction failed: which event, and why. */
class ReactionError extends Error {
  constructor(
    readonly reactor: string,
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(`reactor ${reactor} could not react to ${event.type} at position ${event.position}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * Runs each reactor over the event log from its checkpoint. A batch is reacted to inside a
 * transaction that holds the checkpoint's row, and the checkpoint moves in it only once every
 * reaction of the batch has enqueued its jobs (the job backend writes on its own connections).
 * So delivery is at least once: a crash in between means the batch is reacted to again, which the
 * reactions' job ids and the record of sent mail make harmless, and an effect is never lost. Two
 * processes running the same reactor take turns on that row instead of both reacting.
 */
export class ReactorRunner<Context> {
  private readonly stopping = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private readonly reached = new Map<string, Position>();
  /** Events passed over after failing for good, by reactor. */
  private readonly passedOver = new Map<string, Set<Position>>();
  private readonly failures = new Map<string, { position: Position; count: number }>();

  constructor(private readonly options: ReactorRunnerOptions<Context>) {}

  async start(): Promise<void> {
    const names = this.options.reactors.map((r) => r.name);
    const twice = names.find((name, i) => names.indexOf(name) !== i);
    if (twice) throw new Error(`Reactor ${twice} is listed twice`);
    for (const reactor of this.options.reactors) {
      await this.db
        .insertInto('reactor_checkpoints')
        .values({ name: reactor.name })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      this.reached.set(reactor.name, await this.storedCheckpoint(reactor.name));
      this.loops.push(this.run(reactor));
    }
    this.options.logger.info({ reactors: names }, 'reactors started');
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled(this.loops);
  }

  /** Resolves once every reactor has reacted to the log up to `position`; false on timeout. */
  async waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while ([...this.reached.values()].some((reached) => reached < position)) {
      if (Date.now() > deadline || this.stopping.signal.aborted) return false;
      await sleep(20);
    }
    return true;
  }

  private get db() {
    return this.options.database.db;
  }

  private async storedCheckpoint(name: string): Promise<Position> {
    const row = await this.db.selectFrom('reactor_checkpoints').select('position').where('name', '=', name).executeTakeFirstOrThrow();
    return BigInt(row.position);
  }

  private async run(reactor: Reactor<Context>): Promise<void> {
    const { signal } = this.stopping;
    const log = this.options.logger.child({ reactor: reactor.name });
    let interruptedAt: number | null = null;
    for (let attempt = 0; !signal.aborted; attempt++) {
      try {
        const from = await this.storedCheckpoint(reactor.name);
        for await (const batch of this.options.store.subscribeToAll({ after: from, batchSize: this.options.batchSize ?? 50, signal })) {
          if (batch.length > 0) await this.react(reactor, batch);
          attempt = 0;
          if (interruptedAt !== null) {
            log.info({ interruptedMs: Date.now() - interruptedAt }, 'reactor resumed');
            interruptedAt = null;
            await this.db.updateTable('reactor_checkpoints').set({ error: null }).where('name', '=', reactor.name).execute();
          }
        }
      } catch (error) {
        if (signal.aborted) return;
        const cause = error instanceof ReactionError ? error.cause : error;
        const transient = isDatabaseUnavailable(cause) || (await Promise.resolve(this.options.isTransient?.(cause) ?? false).catch(() => true));
        if (!transient && error instanceof ReactionError && this.failedAgain(reactor.name, error.event.position) >= ATTEMPTS_BEFORE_SKIPPING) {
          log.error(
            { err: cause, position: error.event.position.toString(), eventType: error.event.type },
            'reaction failed for good; its event is passed over',
          );
          this.passOver(reactor.name, error.event.position);
          await this.recordError(reactor.name, error);
          interruptedAt = null; // the error stays recorded: it is not cleared by the next success
          continue;
        }
        const outage = isDatabaseUnavailable(cause);
        if (interruptedAt === null || !outage) {
          // An outage is expected: its reason, once. Anything else may be a bug: its stack, every time.
          log.warn(outage ? { reason: describeDatabaseError(cause) } : { err: cause }, 'reactor interrupted; it resumes from its checkpoint');
          interruptedAt ??= Date.now();
          await this.recordError(reactor.name, error);
        }
        await sleep(reconnectDelay(attempt), undefined, { signal }).catch(() => undefined);
      }
    }
  }

  /** How many times in a row the reaction to the event at `position` has now failed. */
  private failedAgain(name: string, position: Position): number {
    const last = this.failures.get(name);
    const count = last?.position === position ? last.count + 1 : 1;
    this.failures.set(name, { position, count });
    return count;
  }

  private passOver(name: string, position: Position): void {
    const positions = this.passedOver.get(name) ?? new Set<Position>();
    positions.add(position);
    this.passedOver.set(name, positions);
  }

  private async react(reactor: Reactor<Context>, batch: readonly RecordedEvent[]): Promise<void> {
    const reached = await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('reactor_checkpoints').select('position').where('name', '=', reactor.name).forUpdate().executeTakeFirstOrThrow();
      const checkpoint = BigInt(row.position);
      const fresh = batch.filter((event) => event.position > checkpoint);
      if (fresh.length === 0) return checkpoint;
      for (const event of fresh) {
        const reaction = reactor.on[event.type];
        if (!reaction || this.passedOver.get(reactor.name)?.has(event.position)) continue;
        try {
          await reaction.react(event, this.options.context);
        } catch (error) {
          throw new ReactionError(reactor.name, event, error);
        }
      }
      const position = fresh.at(-1)!.position;
      await trx.updateTable('reactor_checkpoints').set({ position, updated_at: new Date() }).where('name', '=', reactor.name).execute();
      return position;
    });
    this.reached.set(reactor.name, reached);
  }

  private async recordError(name: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    await this.db
      .updateTable('reactor_checkpoints')
      .set({ error: message.slice(0, 1000), updated_at: new Date() })
      .where('name', '=', name)
      .execute()
      .catch(() => undefined);
  }
}
