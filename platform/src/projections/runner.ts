import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { PlatformDatabase } from '../db/tables.js';
import { UndecodableEventError, type EventStore, type Position, type RecordedEvent } from '../event-store/port.js';
import type { Logger } from '../logging/logger.js';
import { schemaName, type Projection } from './define-projection.js';
import { EventHandlingError, ProjectionStoppedError } from './errors.js';
import { formatProgress, PROJECTIONS_CHANNEL } from './notifications.js';

export interface ProjectionRunnerOptions {
  database: Database;
  store: EventStore;
  projections: readonly Projection[];
  logger: Logger;
  batchSize?: number;
}

type Role = 'active' | 'rebuilding' | 'superseded';

/**
 * Keeps every projection's read model up to date. Each batch of read-model writes commits
 * in one transaction with the projection's checkpoint, so a crash never applies an event
 * twice nor loses one. A projection whose version is newer than the active one rebuilds
 * from position 0 into its own schema, then takes over.
 */
export class ProjectionRunner {
  private readonly controller = new AbortController();
  private loops: Promise<void>[] = [];
  private readonly failures = new Map<string, ProjectionStoppedError>();

  constructor(private readonly options: ProjectionRunnerOptions) {}

  async start(): Promise<void> {
    const names = new Set<string>();
    for (const p of this.options.projections) {
      if (names.has(p.name)) throw new Error(`Two projections are named ${p.name}; keep one version per name`);
      names.add(p.name);
    }
    for (const projection of this.options.projections) {
      const { role, checkpoint } = await this.prepare(projection);
      if (role === 'superseded') {
        this.options.logger.warn({ projection: projection.name, version: projection.version }, 'a newer version is active; not running');
        continue;
      }
      this.loops.push(this.run(projection, role, checkpoint));
    }
  }

  /** Failures met so far, by projection name. */
  get failed(): ReadonlyMap<string, ProjectionStoppedError> {
    return this.failures;
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await Promise.allSettled(this.loops);
  }

  private get db(): Kysely<PlatformDatabase> {
    return this.options.database.db;
  }

  private async prepare(projection: Projection): Promise<{ role: Role; checkpoint: Position }> {
    const schema = schemaName(projection.name, projection.version);
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`projection:${projection.name}`}))`.execute(trx);
      let row = await trx
        .selectFrom('projection_checkpoints')
        .selectAll()
        .where('name', '=', projection.name)
        .where('version', '=', projection.version)
        .executeTakeFirst();
      if (!row) {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(trx);
        await sql`create schema ${sql.id(schema)}`.execute(trx);
        await sql`set local search_path to ${sql.id(schema)}, public`.execute(trx);
        await projection.setup(trx.withSchema(schema) as unknown as Kysely<unknown>);
        row = await trx
          .insertInto('projection_checkpoints')
          .values({ name: projection.name, version: projection.version, position: '0', status: 'catching-up', error: null })
          .returningAll()
          .executeTakeFirstOrThrow();
      } else {
        await trx
          .updateTable('projection_checkpoints')
          .set({ status: 'catching-up', error: null, updated_at: new Date() })
          .where('name', '=', projection.name)
          .where('version', '=', projection.version)
          .execute();
      }
      const active = await trx.selectFrom('projection_active').select('version').where('name', '=', projection.name).executeTakeFirst();
      let role: Role;
      if (!active) {
        await trx.insertInto('projection_active').values({ name: projection.name, version: projection.version }).execute();
        role = 'active';
      } else if (active.version === projection.version) role = 'active';
      else role = active.version < projection.version ? 'rebuilding' : 'superseded';
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

  private async run(projection: Projection, role: Role, from: Position): Promise<void> {
    const { store, logger } = this.options;
    const log = logger.child({ projection: projection.name, version: projection.version });
    let checkpoint = from;
    let current = role;
    try {
      for await (const batch of store.subscribeToAll({
        after: checkpoint,
        batchSize: this.options.batchSize ?? 500,
        signal: this.controller.signal,
      })) {
        if (batch.length === 0) current = await this.markIfCaughtUp(projection, checkpoint, current);
        else checkpoint = await this.applyBatch(projection, batch);
      }
    } catch (error) {
      if (this.controller.signal.aborted) return;
      const stopped = this.describeFailure(projection, error, checkpoint);
      this.failures.set(projection.name, stopped);
      log.error({ err: stopped.cause ?? stopped, position: stopped.position.toString(), eventType: stopped.eventType }, stopped.message);
      await this.db
        .updateTable('projection_checkpoints')
        .set({ status: 'failed', error: stopped.message, updated_at: new Date() })
        .where('name', '=', projection.name)
        .where('version', '=', projection.version)
        .execute()
        .catch((e: unknown) => log.error({ err: e }, 'could not record projection failure'));
    }
  }

  private describeFailure(projection: Projection, error: unknown, checkpoint: Position): ProjectionStoppedError {
    const { name, version } = projection;
    if (error instanceof EventHandlingError) return withCause(new ProjectionStoppedError(name, version, error.position, error.eventType, error.message), error.cause);
    if (error instanceof UndecodableEventError) return withCause(new ProjectionStoppedError(name, version, error.position, error.eventType, error.reason), error);
    if (error instanceof BatchError) return withCause(new ProjectionStoppedError(name, version, error.first.position, error.first.type, error.message), error.cause);
    const reason = error instanceof Error ? error.message : String(error);
    return withCause(new ProjectionStoppedError(name, version, checkpoint + 1n, 'unknown', reason), error);
  }

  /** Applies the events after the checkpoint and moves the checkpoint, in one transaction. */
  private async applyBatch(projection: Projection, batch: readonly RecordedEvent[]): Promise<Position> {
    const schema = schemaName(projection.name, projection.version);
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('projection_checkpoints')
        .select('position')
        .where('name', '=', projection.name)
        .where('version', '=', projection.version)
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
        .where('name', '=', projection.name)
        .where('version', '=', projection.version)
        .execute();
      await notify(trx, formatProgress({ kind: 'progress', name: projection.name, version: projection.version, position }));
      return position;
    });
  }

  /**
   * Marks the projection live once it reaches the head; a rebuilding version then takes over.
   * The old version's schema stays until the next start, for readers still running old code.
   */
  private async markIfCaughtUp(projection: Projection, checkpoint: Position, role: Role): Promise<Role> {
    const head = await this.options.store.headPosition();
    if (checkpoint < head) return role;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('projection_checkpoints')
        .set({ status: 'live', updated_at: new Date() })
        .where('name', '=', projection.name)
        .where('version', '=', projection.version)
        .execute();
      if (role === 'rebuilding') {
        await trx.updateTable('projection_active').set({ version: projection.version, activated_at: new Date() }).where('name', '=', projection.name).execute();
        await notify(trx, formatProgress({ kind: 'takeover', name: projection.name, version: projection.version }));
      }
    });
    if (role === 'rebuilding') this.options.logger.info({ projection: projection.name, version: projection.version }, 'rebuilt version took over');
    return 'active';
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

function withCause<E extends Error>(error: E, cause: unknown): E {
  Object.defineProperty(error, 'cause', { value: cause, enumerable: false });
  return error;
}

async function notify(trx: Kysely<PlatformDatabase>, payload: string): Promise<void> {
  await sql`select pg_notify(${PROJECTIONS_CHANNEL}, ${payload})`.execute(trx);
}
