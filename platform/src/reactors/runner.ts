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
}

/**
 * Runs each reactor over the event log from its checkpoint. A batch's reactions and the move of
 * the checkpoint share one transaction that holds the checkpoint's row: the checkpoint moves only
 * once every reaction of the batch has enqueued its jobs, so a crash in between means the batch
 * reacts again (the jobs' ids make that harmless), never that an effect is lost; and two
 * processes running the same reactor take turns instead of both reacting.
 * A failing reaction (job backend down, a read model not there yet) is retried from the
 * checkpoint with capped backoff, however long it takes: later effects wait rather than skip it.
 */
export class ReactorRunner<Context> {
  private readonly stopping = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private readonly reached = new Map<string, Position>();

  constructor(private readonly options: ReactorRunnerOptions<Context>) {}

  async start(): Promise<void> {
    const names = this.options.reactors.map((r) => r.name);
    const twice = names.find((name, i) => names.indexOf(name) !== i);
    if (twice) throw new Error(`Reactor ${twice} is listed twice`);
    for (const reactor of this.options.reactors) {
      await this.db.insertInto('reactor_checkpoints').values({ name: reactor.name }).onConflict((oc) => oc.column('name').doNothing()).execute();
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
        for await (const batch of this.options.store.subscribeToAll({ after: from, batchSize: this.options.batchSize ?? 200, signal })) {
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
        const outage = isDatabaseUnavailable(error);
        if (interruptedAt === null || !outage) {
          // An outage is expected: its reason, once. Anything else may be a bug: its stack, every time.
          log.warn(outage ? { reason: describeDatabaseError(error) } : { err: error }, 'reactor interrupted; it resumes from its checkpoint');
          interruptedAt ??= Date.now();
          await this.recordError(reactor.name, error);
        }
        await sleep(reconnectDelay(attempt), undefined, { signal }).catch(() => undefined);
      }
    }
  }

  private async react(reactor: Reactor<Context>, batch: readonly RecordedEvent[]): Promise<void> {
    const reached = await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('reactor_checkpoints').select('position').where('name', '=', reactor.name).forUpdate().executeTakeFirstOrThrow();
      const checkpoint = BigInt(row.position);
      const fresh = batch.filter((event) => event.position > checkpoint);
      if (fresh.length === 0) return checkpoint;
      for (const event of fresh) await reactor.on[event.type]?.react(event, this.options.context);
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
