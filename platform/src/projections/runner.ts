import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { reconnectDelay } from '../db/outage.js';
import type { PlatformDatabase } from '../db/tables.js';
import { describeDatabaseError, isDatabaseUnavailable } from '../db/unavailable.js';
import { UndecodableEventError, type EventStore, type Position, type RecordedEvent } from '../event-store/port.js';
import type { Logger } from '../logging/logger.js';
import { schemaName, type Projection } from './define-projection.js';
import { EventHandlingError, ProjectionStoppedError } from './errors.js';
import { LeaseLostError, ProjectionLeases, type LeaseOptions } from './lease.js';
import { formatProgress, PROJECTIONS_CHANNEL } from './notifications.js';

export interface ProjectionRunnerOptions {
  database: Database;
  store: EventStore;
  /** May hold two versions of one projection: the active one keeps serving while the newer rebuilds. */
  projections: readonly Projection[];
  logger: Logger;
  batchSize?: number;
  /** One runner per projection version at a time, across processes (see ProjectionLeases). */
  lease?: LeaseOptions;
}

type Role = 'active' | 'rebuilding' | 'superseded';
/** Why a run ended: stopped, superseded by a newer version, failed on an event, or its lease lost. */
type RunEnd = 'stopped' | 'superseded' | 'failed' | 'lease-lost';

/**
 * Keeps every projection's read model up to date. Each batch of read-model writes commits
 * in one transaction with the projection's checkpoint, so a crash never applies an event
 * twice nor loses one. A version newer than the active one rebuilds from position 0 into its
 * own schema while the active one keeps serving and updating, then takes over.
 * Faults of the event (unknown type, failing handler) stop a projection; faults of the
 * infrastructure (lost connection, PostgreSQL restarting) are retried from the checkpoint with
 * capped exponential backoff (100 ms to 5 s), logged once per interruption.
 * Several processes may run the same projections: each version runs where its lease is held, and
 * the others wait to take the lease over when its holder stops renewing it.
 */
export class ProjectionRunner {
  private readonly stopping = new AbortController();
  private readonly running = new Map<string, { projection: Projection; controller: AbortController; loop: Promise<void> }>();
  /** Versions whose `activated` has run since this start. */
  private readonly announced = new Set<string>();
  private readonly failures = new Map<string, ProjectionStoppedError>();
  private readonly leases: ProjectionLeases;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.leases = new ProjectionLeases(options.lease);
    // Each projection listens for the stop: more than Node's default of 10 before it warns.
    setMaxListeners(0, this.stopping.signal);
  }

  /** The name this runner holds leases under. */
  get holder(): string {
    return this.leases.holder;
  }

  /**
   * Starts every projection: those whose lease it takes are prepared before this returns (their
   * schemas exist); the others wait in the background for their lease to be free.
   */
  async start(): Promise<void> {
    const keys = this.options.projections.map(key);
    const twice = keys.find((k, i) => keys.indexOf(k) !== i);
    if (twice) throw new Error(`Projection ${twice} is listed twice`);
    // Newest first: on an empty database the newest version becomes active at once.
    const ordered = [...this.options.projections].sort((a, b) => a.name.localeCompare(b.name) || b.version - a.version);
    for (const projection of ordered) {
      const first = await this.takeAndPrepare(projection);
      if (first?.role === 'superseded') {
        this.options.logger.warn({ projection: projection.name, version: projection.version }, 'a newer version is active; not running');
        await this.leases.release(this.db, projection.name, projection.version);
        continue;
      }
      const controller = new AbortController();
      this.stopping.signal.addEventListener('abort', () => controller.abort(), { once: true });
      const loop = this.hold(projection, first, controller.signal);
      this.running.set(key(projection), { projection, controller, loop });
    }
  }

  /** Takes the projection's lease and prepares its schema; null when another process holds it. */
  private async takeAndPrepare(projection: Projection): Promise<{ role: Role; checkpoint: Position } | null> {
    if (!(await this.leases.tryTake(this.db, projection.name, projection.version))) return null;
    return this.prepare(projection);
  }

  /**
   * Runs the projection while this runner holds its lease, renewing it; waits to take it over
   * while another process holds it. Released when stopped, so another takes over at once.
   */
  private async hold(projection: Projection, first: { role: Role; checkpoint: Position } | null, signal: AbortSignal): Promise<void> {
    const { name, version } = projection;
    const log = this.options.logger.child({ projection: name, version, holder: this.leases.holder });
    let prepared = first;
    let waitingSince: number | null = null;
    for (let attempt = 0; !signal.aborted; ) {
      try {
        prepared ??= await this.takeAndPrepare(projection);
        attempt = 0;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) log.warn({ err: error }, 'could not take the projection lease');
        await sleep(reconnectDelay(attempt++), undefined, { signal }).catch(() => undefined);
        continue;
      }
      if (!prepared) {
        waitingSince ??= Date.now();
        await sleep(Math.min(this.leases.ttlMs / 5, 500), undefined, { signal }).catch(() => undefined);
        continue;
      }
      if (waitingSince !== null) log.info({ waitedMs: Date.now() - waitingSince }, 'projection lease taken over');
      waitingSince = null;
      const holding = new AbortController();
      const stop = () => holding.abort();
      signal.addEventListener('abort', stop, { once: true });
      const heartbeat = setInterval(() => {
        this.leases.renew(this.db, name, version).then(
          (held) => {
            if (!held) holding.abort();
          },
          () => undefined, // an outage: the run itself is interrupted and retries
        );
      }, this.leases.ttlMs / 3);
      let end: RunEnd;
      try {
        end = prepared.role === 'superseded' ? 'superseded' : await this.run(projection, prepared.role, prepared.checkpoint, holding.signal);
      } finally {
        clearInterval(heartbeat);
        signal.removeEventListener('abort', stop);
      }
      prepared = null;
      if (end === 'stopped' && !signal.aborted) end = 'lease-lost';
      if (end === 'lease-lost') {
        log.warn('projection lease lost to another process; waiting to take it over');
        continue;
      }
      if (end === 'failed') {
        // Keep the lease while stopped on a bad event: another process would only fail on it too.
        await this.keepLease(projection, signal);
      }
      break;
    }
    await this.leases.release(this.db, name, version).catch(() => undefined);
  }

  /** Renews the lease until the runner stops. */
  private async keepLease(projection: Projection, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      await this.leases.renew(this.db, projection.name, projection.version).catch(() => undefined);
      await sleep(this.leases.ttlMs / 3, undefined, { signal }).catch(() => undefined);
    }
  }

  /** Failures met so far, by projection name. */
  get failed(): ReadonlyMap<string, ProjectionStoppedError> {
    return this.failures;
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.running.values()].map((r) => r.loop));
  }

  private get db(): Kysely<PlatformDatabase> {
    return this.options.database.db;
  }

  private async prepare(projection: Projection): Promise<{ role: Role; checkpoint: Position }> {
    const { name, version } = projection;
    const schema = schemaName(name, version);
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`projection:${name}`}))`.execute(trx);
      const active = await trx.selectFrom('projection_active').select('version').where('name', '=', name).executeTakeFirst();
      if (active && active.version > version) return { role: 'superseded', checkpoint: 0n };

      let row = await trx.selectFrom('projection_checkpoints').selectAll().where(checkpointOf(projection)).executeTakeFirst();
      if (!row) {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(trx);
        await sql`create schema ${sql.id(schema)}`.execute(trx);
        await sql`set local search_path to ${sql.id(schema)}, public`.execute(trx);
        await projection.setup(trx.withSchema(schema) as unknown as Kysely<unknown>);
        row = await trx
          .insertInto('projection_checkpoints')
          .values({ name, version, position: '0', status: 'catching-up', error: null })
          .returningAll()
          .executeTakeFirstOrThrow();
      } else {
        await this.setStatus(trx, projection, 'catching-up', null);
      }
      if (!active) await trx.insertInto('projection_active').values({ name, version }).execute();
      const role: Role = !active || active.version === version ? 'active' : 'rebuilding';
      if (role === 'active') await this.dropOlderVersions(trx, projection);
      return { role, checkpoint: BigInt(row.position) };
    });
  }

  private async dropOlderVersions(trx: Kysely<PlatformDatabase>, projection: Projection): Promise<void> {
    const older = await trx
      .deleteFrom('projection_checkpoints')
      .where('name', '=', projection.name)
      .where('version', '<', projection.version)
      .returning('version')
      .execute();
    for (const { version } of older) await sql`drop schema if exists ${sql.id(schemaName(projection.name, version))} cascade`.execute(trx);
  }

  private async run(projection: Projection, initialRole: Role, from: Position, signal: AbortSignal): Promise<RunEnd> {
    const log = this.options.logger.child({ projection: projection.name, version: projection.version });
    let checkpoint = from;
    let role = initialRole;
    let interruptedAt: number | null = null;
    for (let attempt = 0; !signal.aborted; attempt++) {
      try {
        // After an interruption, resume from the checkpoint as stored: a batch committed with
        // synchronous_commit off may have been lost with a crashed server, and must be applied again.
        if (interruptedAt !== null) checkpoint = await this.storedCheckpoint(projection);
        for await (const batch of this.options.store.subscribeToAll({ after: checkpoint, batchSize: this.options.batchSize ?? 500, signal })) {
          if (batch.length > 0) checkpoint = await this.applyBatch(projection, batch);
          else role = await this.markIfCaughtUp(projection, checkpoint, role);
          if (role === 'superseded') return 'superseded';
          attempt = 0;
          if (interruptedAt !== null) {
            log.info({ checkpoint: checkpoint.toString(), interruptedMs: Date.now() - interruptedAt }, 'projection resumed');
            interruptedAt = null;
          }
        }
      } catch (error) {
        if (signal.aborted) return 'stopped';
        if (error instanceof LeaseLostError) return 'lease-lost';
        const stopped = this.permanentFailure(projection, error);
        if (stopped) {
          await this.recordFailure(projection, stopped, log);
          return 'failed';
        }
        const delay = reconnectDelay(attempt);
        // An outage is expected: its reason, once. Anything else may be a bug: its stack, every time.
        const outage = isDatabaseUnavailable(error);
        const cause = outage ? { reason: describeDatabaseError(error) } : { err: error };
        if (interruptedAt === null || !outage) {
          interruptedAt ??= Date.now();
          log.warn({ ...cause, checkpoint: checkpoint.toString() }, 'projection interrupted; resuming from its checkpoint');
        } else {
          log.debug({ ...cause, retryInMs: delay }, 'projection still interrupted');
        }
        await sleep(delay, undefined, { signal }).catch(() => undefined);
      }
    }
    return 'stopped';
  }

  private async storedCheckpoint(projection: Projection): Promise<Position> {
    const row = await this.db
      .selectFrom('projection_checkpoints')
      .select('position')
      .where(checkpointOf(projection))
      .executeTakeFirstOrThrow();
    return BigInt(row.position);
  }

  /** Faults of the events themselves stop the projection; anything else is worth retrying. */
  private permanentFailure(projection: Projection, error: unknown): ProjectionStoppedError | null {
    const { name, version } = projection;
    if (error instanceof EventHandlingError) return withCause(new ProjectionStoppedError(name, version, error.position, error.eventType, error.message), error.cause);
    if (error instanceof UndecodableEventError) return withCause(new ProjectionStoppedError(name, version, error.position, error.eventType, error.reason), error);
    if (error instanceof BatchError) return withCause(new ProjectionStoppedError(name, version, error.first.position, error.first.type, error.message), error.cause);
    return null;
  }

  private async recordFailure(projection: Projection, stopped: ProjectionStoppedError, log: Logger): Promise<void> {
    this.failures.set(projection.name, stopped);
    log.error({ err: stopped.cause ?? stopped, position: stopped.position.toString(), eventType: stopped.eventType }, stopped.message);
    await this.setStatus(this.db, projection, 'failed', stopped.message).catch((e: unknown) => log.error({ err: e }, 'could not record projection failure'));
  }

  private async setStatus(db: Kysely<PlatformDatabase>, projection: Projection, status: 'catching-up' | 'live' | 'failed', error: string | null): Promise<void> {
    await db
      .updateTable('projection_checkpoints')
      .set({ status, error, updated_at: new Date() })
      .where(checkpointOf(projection))
      .execute();
  }

  /** Applies the events after the checkpoint and moves the checkpoint, in one transaction. */
  private async applyBatch(projection: Projection, batch: readonly RecordedEvent[]): Promise<Position> {
    const schema = schemaName(projection.name, projection.version);
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.leases.renew(trx, projection.name, projection.version))) throw new LeaseLostError(projection.name, projection.version);
      const row = await trx
        .selectFrom('projection_checkpoints')
        .select('position')
        .where(checkpointOf(projection))
        .forUpdate()
        .executeTakeFirstOrThrow();
      const checkpoint = BigInt(row.position);
      const fresh = batch.filter((e) => e.position > checkpoint);
      if (fresh.length === 0) return checkpoint;
      // Read models are rebuildable and commit atomically with their checkpoint, so a crash can
      // only lose whole recent batches, which are re-applied from the log: no need to wait for fsync.
      await sql`set local synchronous_commit = off`.execute(trx);
      const relevant = fresh.filter((e) => projection.handles(e.type));
      if (relevant.length > 0) {
        // search_path lets handlers' raw SQL name tables unqualified, like the query builder does.
        await sql`set local search_path to ${sql.id(schema)}, public`.execute(trx);
        try {
          await projection.apply(relevant, trx.withSchema(schema) as unknown as Kysely<unknown>);
        } catch (error) {
          throw error instanceof EventHandlingError ? error : new BatchError(relevant[0]!, relevant.at(-1)!, error);
        }
      }
      const position = fresh.at(-1)!.position;
      await trx
        .updateTable('projection_checkpoints')
        .set({ position: position.toString(), updated_at: new Date() })
        .where(checkpointOf(projection))
        .execute();
      await notify(trx, formatProgress({ kind: 'progress', name: projection.name, version: projection.version, position }));
      return position;
    });
  }

  /**
   * Marks the projection live once it reaches the head; a rebuilding version then takes over,
   * and the older version running here stops. The old schema stays until the next start, for
   * readers still running old code.
   */
  private async markIfCaughtUp(projection: Projection, checkpoint: Position, role: Role): Promise<Role> {
    const head = await this.options.store.headPosition();
    if (checkpoint < head) return role;
    const next = await this.db.transaction().execute(async (trx): Promise<Role> => {
      await this.setStatus(trx, projection, 'live', null);
      if (role !== 'rebuilding') return role;
      const taken = await trx
        .updateTable('projection_active')
        .set({ version: projection.version, activated_at: new Date() })
        .where('name', '=', projection.name)
        .where('version', '<', projection.version)
        .executeTakeFirst();
      if (taken.numUpdatedRows === 0n) return 'superseded';
      await notify(trx, formatProgress({ kind: 'takeover', name: projection.name, version: projection.version }));
      return 'active';
    });
    if (role === 'rebuilding' && next === 'active') {
      this.options.logger.info({ projection: projection.name, version: projection.version }, 'rebuilt version took over');
      for (const other of this.running.values()) {
        if (other.projection.name === projection.name && other.projection.version < projection.version) other.controller.abort();
      }
    }
    if (next === 'active') await this.announceActive(projection);
    return next;
  }

  private async announceActive(projection: Projection): Promise<void> {
    if (!projection.activated || this.announced.has(key(projection))) return;
    this.announced.add(key(projection));
    try {
      await projection.activated();
    } catch (error) {
      this.options.logger.error({ err: error, projection: projection.name, version: projection.version }, 'the projection could not be activated');
    }
  }
}

class BatchError extends Error {
  constructor(
    readonly first: RecordedEvent,
    readonly last: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(`batch of positions ${first.position}..${last.position} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** The checkpoint row of this version of the projection. */
function checkpointOf(projection: Projection) {
  return (eb: ExpressionBuilder<PlatformDatabase, 'projection_checkpoints'>) => eb.and({ name: projection.name, version: projection.version });
}

function key(projection: Projection): string {
  return `${projection.name}@${projection.version}`;
}

function withCause<E extends Error>(error: E, cause: unknown): E {
  Object.defineProperty(error, 'cause', { value: cause, enumerable: false });
  return error;
}

async function notify(trx: Kysely<PlatformDatabase>, payload: string): Promise<void> {
  await sql`select pg_notify(${PROJECTIONS_CHANNEL}, ${payload})`.execute(trx);
}
