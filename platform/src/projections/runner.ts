import { once, setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { NotificationListener } from '../db/notifications.js';
import { reconnectDelay } from '../db/outage.js';
import type { PlatformDatabase } from '../db/tables.js';
import { describeDatabaseError, isDatabaseUnavailable } from '../db/unavailable.js';
import { UndecodableEventError, type EventStore, type Position, type RecordedEvent } from '../event-store/port.js';
import type { Logger } from '../logging/logger.js';
import { schemaName, type Projection } from './define-projection.js';
import { EventHandlingError, ProjectionStoppedError } from './errors.js';
import { LeaseLostError, ProjectionLeases, type LeaseOptions } from './lease.js';
import { formatProgress, parseProgress, PROJECTIONS_CHANNEL } from './notifications.js';
import { atVersion, readRebuilds } from './rebuilds.js';

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
 * A projection runs under its code's version plus the rebuilds an operator asked for
 * (`npm run rebuild`, rebuilds.ts): a request starts the next version beside the one serving.
 */
export class ProjectionRunner {
  private readonly stopping = new AbortController();
  private readonly running = new Map<string, { projection: Projection; controller: AbortController; loop: Promise<void> }>();
  /** Versions whose `activated` has run since this start. */
  private readonly announced = new Set<string>();
  private readonly failures = new Map<string, ProjectionStoppedError>();
  private readonly leases: ProjectionLeases;
  private rebuildRequests: NotificationListener | null = null;

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
    await this.listenForRebuilds();
    const rebuilds = await readRebuilds(this.db);
    const versions = this.options.projections.map((p) => atVersion(p, p.version + (rebuilds.get(p.name) ?? 0)));
    // Newest first: on an empty database the newest version becomes active at once.
    for (const projection of versions.sort((a, b) => a.name.localeCompare(b.name) || b.version - a.version)) await this.launch(projection);
  }

  private async launch(projection: Projection): Promise<void> {
    if (this.stopping.signal.aborted || this.running.has(key(projection))) return;
    let first: { role: Role; checkpoint: Position } | null = null;
    try {
      first = await this.takeAndPrepare(projection);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // Out of reach, or every connection of a loaded pool busy: its loop takes and prepares it once it can.
      this.options.logger.warn(
        { projection: projection.name, version: projection.version, error: describeDatabaseError(error) },
        'projection not prepared yet; retrying',
      );
    }
    if (first?.role === 'superseded') {
      this.options.logger.warn({ projection: projection.name, version: projection.version }, 'a newer version is active; not running');
      await this.leases.release(this.db, projection.name, projection.version);
      return;
    }
    const controller = new AbortController();
    this.stopping.signal.addEventListener('abort', () => controller.abort(), { once: true });
    const loop = this.hold(projection, first, controller.signal);
    this.running.set(key(projection), { projection, controller, loop });
  }

  /** An operator's rebuild request starts the projection's next version here, beside the one serving. */
  private async listenForRebuilds(): Promise<void> {
    const listener = new NotificationListener(this.options.database.url, PROJECTIONS_CHANNEL, this.options.logger);
    listener.onPayload((payload) => {
      const message = parseProgress(payload);
      if (message?.kind !== 'rebuild') return;
      const newest = this.options.projections.filter((p) => p.name === message.name).sort((a, b) => b.version - a.version)[0];
      if (!newest) return;
      this.launch(atVersion(newest, newest.version + message.rebuilds)).catch((error: unknown) =>
        this.options.logger.error({ err: error, projection: message.name }, 'could not start the requested rebuild'),
      );
    });
    await listener.start();
    this.rebuildRequests = listener;
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
    for (let attempt = 0; !signal.aborted;) {
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
      const letGo = this.leases.keep(this.db, name, version, stop);
      let end: RunEnd;
      try {
        end = prepared.role === 'superseded' ? 'superseded' : await this.run(projection, prepared.role, prepared.checkpoint, holding.signal);
        // Stopped on a bad event, it keeps renewing its lease until the runner stops: another
        // process would only fail on the same event.
        if (end === 'failed' && !holding.signal.aborted) await once(holding.signal, 'abort');
      } finally {
        letGo();
        signal.removeEventListener('abort', stop);
      }
      prepared = null;
      if (end === 'stopped' && !signal.aborted) end = 'lease-lost';
      if (end === 'lease-lost') {
        log.warn('projection lease lost to another process; waiting to take it over');
        continue;
      }
      break;
    }
    await this.leases.release(this.db, name, version).catch(() => undefined);
  }

  /** Failures met so far, by projection name. */
  get failed(): ReadonlyMap<string, ProjectionStoppedError> {
    return this.failures;
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.rebuildRequests?.close();
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
        await projection.setup(trx.withSchema(schema) as unknown as Kysely<unknown>, version);
        row = await trx
          .insertInto('projection_checkpoints')
          .values({ name, version, position: '0', status: 'catching-up', error: null })
          .returningAll()
          .executeTakeFirstOrThrow();
      } else {
        await this.setStatus(trx, projection, 'catching-up', null);
        // Waiters drop what they knew of a failure: restarted, it tries the event again.
        await notify(trx, formatProgress({ kind: 'status', name, version }));
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
          if (batch.length > 0) checkpoint = await this.applyNamingFailure(projection, batch);
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
    const row = await this.db.selectFrom('projection_checkpoints').select('position').where(checkpointOf(projection)).executeTakeFirstOrThrow();
    return BigInt(row.position);
  }

  /**
   * Applies a batch; when an event of it cannot be applied, applies the batch a command at a time
   * (the events of one correlation id) up to that event's command, so that the commands before it
   * stay applied and a command is applied whole or not at all (a reader never sees half an import
   * batch). The failure names the event: the failing command's events are tried one at a time in a
   * transaction that is then rolled back.
   */
  private async applyNamingFailure(projection: Projection, batch: readonly RecordedEvent[]): Promise<Position> {
    try {
      return await this.applyBatch(projection, batch);
    } catch (error) {
      if (!isEventFault(error)) throw error;
      let checkpoint: Position = 0n;
      for (const command of commandsOf(batch)) {
        try {
          checkpoint = await this.applyBatch(projection, command);
        } catch (failure) {
          throw isEventFault(failure) && command.length > 1 ? await this.culprit(projection, command, failure) : failure;
        }
      }
      return checkpoint;
    }
  }

  /** The event of a failing command that fails, as its fault; nothing it tries is kept. */
  private async culprit(projection: Projection, command: readonly RecordedEvent[], fault: unknown): Promise<unknown> {
    const schema = schemaName(projection.name, projection.version);
    let found: unknown = fault;
    await this.db
      .transaction()
      .execute(async (trx) => {
        await sql`set local search_path to ${sql.id(schema)}, public`.execute(trx);
        for (const event of command.filter((e) => projection.handles(e.type))) {
          try {
            await projection.apply([event], trx.withSchema(schema) as unknown as Kysely<unknown>, projection.version);
          } catch (error) {
            found = error instanceof EventHandlingError ? error : new BatchError(event, event, error);
            break;
          }
        }
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    return found;
  }

  /** Faults of the events themselves stop the projection; anything else (an outage among them) is worth retrying. */
  private permanentFailure(projection: Projection, error: unknown): ProjectionStoppedError | null {
    const { name: projectionName, version } = projection;
    const stopped = (event: Pick<RecordedEvent, 'position' | 'streamId' | 'type'>, reason: string, cause: unknown) =>
      withCause(
        new ProjectionStoppedError({ projection: projectionName, version, position: event.position, streamId: event.streamId, eventType: event.type, reason }),
        cause,
      );
    if (error instanceof EventHandlingError && !isDatabaseUnavailable(error.cause))
      return stopped({ position: error.position, streamId: error.streamId, type: error.eventType }, error.message, error.cause);
    if (error instanceof UndecodableEventError)
      return stopped({ position: error.position, streamId: error.streamId, type: error.eventType }, error.reason, error);
    if (error instanceof BatchError && !isDatabaseUnavailable(error.cause)) return stopped(error.first, error.reason, error.cause);
    return null;
  }

  private async recordFailure(projection: Projection, stopped: ProjectionStoppedError, log: Logger): Promise<void> {
    log.error(
      { err: stopped.cause ?? stopped, position: stopped.position.toString(), streamId: stopped.streamId, eventType: stopped.eventType },
      stopped.message,
    );
    try {
      await this.db.transaction().execute(async (trx) => {
        await this.setStatus(trx, projection, 'failed', stopped);
        await notify(trx, formatProgress({ kind: 'status', name: projection.name, version: projection.version }));
      });
    } catch (error) {
      log.error({ err: error }, 'could not record projection failure');
    }
    // Known here once it is recorded, so whoever learns of it here finds it in the checkpoints too.
    this.failures.set(projection.name, stopped);
  }

  /** Sets the status; a failure records its event, any other status clears it. */
  private async setStatus(
    db: Kysely<PlatformDatabase>,
    projection: Projection,
    status: 'catching-up' | 'live' | 'failed',
    failure: ProjectionStoppedError | null,
  ): Promise<void> {
    await db
      .updateTable('projection_checkpoints')
      .set({
        status,
        error: failure?.reason ?? null,
        failed_position: failure?.position ?? null,
        failed_stream: failure?.streamId ?? null,
        failed_type: failure?.eventType ?? null,
        updated_at: new Date(),
      })
      .where(checkpointOf(projection))
      .execute();
  }

  /** Applies the events after the checkpoint and moves the checkpoint, in one transaction. */
  private async applyBatch(projection: Projection, batch: readonly RecordedEvent[]): Promise<Position> {
    const schema = schemaName(projection.name, projection.version);
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.leases.renew(trx, projection.name, projection.version))) throw new LeaseLostError(projection.name, projection.version);
      const row = await trx.selectFrom('projection_checkpoints').select('position').where(checkpointOf(projection)).forUpdate().executeTakeFirstOrThrow();
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
          await projection.apply(relevant, trx.withSchema(schema) as unknown as Kysely<unknown>, projection.version);
        } catch (error) {
          throw error instanceof EventHandlingError ? error : new BatchError(relevant[0]!, relevant.at(-1)!, error);
        }
      }
      const position = fresh.at(-1)!.position;
      await trx.updateTable('projection_checkpoints').set({ position: position.toString(), updated_at: new Date() }).where(checkpointOf(projection)).execute();
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
      await projection.activated(projection.version);
    } catch (error) {
      this.options.logger.error({ err: error, projection: projection.name, version: projection.version }, 'the projection could not be activated');
    }
  }
}

/** A transaction's way of being rolled back on purpose. */
class RolledBack extends Error {}

/** A fault of the events (a handler threw on one), not of the infrastructure. */
function isEventFault(error: unknown): error is BatchError | EventHandlingError {
  return (error instanceof BatchError || error instanceof EventHandlingError) && !isDatabaseUnavailable(error.cause);
}

/** A batch as the commands that appended it: runs of events with one correlation id. */
function commandsOf(batch: readonly RecordedEvent[]): RecordedEvent[][] {
  const commands: RecordedEvent[][] = [];
  for (const event of batch) {
    const last = commands.at(-1);
    if (last && last[0]!.metadata.correlationId === event.metadata.correlationId) last.push(event);
    else commands.push([event]);
  }
  return commands;
}

class BatchError extends Error {
  readonly reason: string;

  constructor(
    readonly first: RecordedEvent,
    readonly last: RecordedEvent,
    override readonly cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`batch of positions ${first.position}..${last.position} failed: ${reason}`);
    this.reason = reason;
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
