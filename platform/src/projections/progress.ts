import { sql, type Kysely } from 'kysely';
import type { Health, ProjectionHealth } from '@epos/schemas';
import type { Database } from '../db/database.js';
import { NotificationListener } from '../db/notifications.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import type { EventStore, Position } from '../event-store/port.js';
import { schemaName } from './define-projection.js';
import { describeFailure, ReadModelFailedError, type ProjectionFailure } from './errors.js';
import { parseProgress, PROJECTIONS_CHANNEL } from './notifications.js';

interface ActiveCheckpoint {
  version: number;
  position: Position;
  /** The event the served version stopped at, while it is stopped. */
  failure: ProjectionFailure | null;
}

/** A read model that has no active version yet (its projection has never started). */
export class ReadModelNotReadyError extends Error {
  constructor(readonly projection: string) {
    super(`The ${projection} read model is not ready yet`);
    this.name = 'ReadModelNotReadyError';
  }
}

const UNKNOWN: Position = -1n;
/** A projection behind the head whose checkpoint has not moved for this long is reported stalled (PROJECTION_STALL_SECONDS). */
const DEFAULT_STALL_MS = 30_000;
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable (restarting or unreachable). The site recovers by itself when it is back.';

/**
 * The query side's view of the projections: which schema each read model is served from,
 * how far each has got, and waiting until they reach a position (read-your-writes).
 * Kept current by the projections' notifications; reloaded from the database when they may
 * have been missed.
 */
export class ProjectionProgress {
  private readonly listener: NotificationListener;
  private active = new Map<string, ActiveCheckpoint>();
  private reloads = 0;
  private latest: Promise<void> = Promise.resolve();
  private lastHealth: Health | null = null;
  private switches = 0;

  constructor(
    private readonly database: Database,
    private readonly store: EventStore,
    private readonly stallMs = DEFAULT_STALL_MS,
  ) {
    this.listener = new NotificationListener(database.url, PROJECTIONS_CHANNEL, database.logger);
    this.listener.onPayload((payload) => this.apply(payload));
    this.listener.onReconnect(() => this.reloadInBackground());
  }

  async start(): Promise<void> {
    await this.listener.start();
    await this.reload();
  }

  private apply(payload: string): void {
    const message = parseProgress(payload);
    if (!message) return;
    const current = this.active.get(message.name);
    if (message.kind === 'takeover') {
      // Until the new version's position is known, nothing counts as reached.
      if (!current || current.version < message.version) {
        this.active.set(message.name, { version: message.version, position: UNKNOWN, failure: null });
        this.switches++;
      }
      this.reloadInBackground();
      return;
    }
    if (message.kind === 'status') {
      this.reloadInBackground();
      return;
    }
    if (message.kind !== 'progress' || !current || current.version !== message.version) return;
    if (message.position > current.position) current.position = message.position;
    // Restarted after a fix, it applied the event it had stopped at.
    if (current.failure && current.position >= current.failure.position) current.failure = null;
  }

  private reloadInBackground(): void {
    // A failed reload leaves the cache as it was; the next wait reloads again.
    this.reload().catch(() => undefined);
  }

  /** Reads every active checkpoint; a reload never moves a cached position backwards. */
  private reload(): Promise<void> {
    const ticket = ++this.reloads;
    this.latest = (async () => {
      const rows = await this.database.db
        .selectFrom('projection_active as a')
        .innerJoin('projection_checkpoints as c', (j) => j.onRef('c.name', '=', 'a.name').onRef('c.version', '=', 'a.version'))
        .select(['a.name', 'a.version', 'c.position', 'c.status', 'c.error', 'c.failed_position', 'c.failed_stream', 'c.failed_type'])
        .execute();
      if (ticket !== this.reloads) return;
      const next = new Map<string, ActiveCheckpoint>();
      for (const row of rows) {
        const cached = this.active.get(row.name);
        const position = BigInt(row.position);
        const failure: ProjectionFailure | null =
          row.status === 'failed' && row.failed_position !== null
            ? {
                projection: row.name,
                version: row.version,
                position: BigInt(row.failed_position),
                streamId: row.failed_stream ?? '',
                eventType: row.failed_type ?? '',
                reason: row.error ?? '',
              }
            : null;
        if (cached && cached.version > row.version) next.set(row.name, cached);
        else if (cached && cached.version === row.version && cached.position > position) next.set(row.name, { ...cached, failure });
        else next.set(row.name, { version: row.version, position, failure });
      }
      if ([...next].some(([name, { version }]) => this.active.has(name) && this.active.get(name)!.version !== version)) this.switches++;
      this.active = next;
    })();
    return this.latest;
  }

  /**
   * Counts the times a read model was switched to another version: an answer built before a
   * switch may come from the old version's schema.
   */
  get switchCount(): number {
    return this.switches;
  }

  /**
   * The served version's schema and the position it has applied, as the last notice said (null
   * before one is known): what an answer computed from it can be cached under.
   */
  appliedOf(name: string): { schema: string; position: Position } | null {
    const active = this.active.get(name);
    return active === undefined || active.position === UNKNOWN ? null : { schema: schemaName(name, active.version), position: active.position };
  }

  /** The schema a read model is served from now. */
  async schemaOf(name: string): Promise<string> {
    await this.latest.catch(() => undefined);
    // A projection activated for the first time sends no takeover notice: look before refusing.
    // A reload started meanwhile supersedes ours without answering it: wait for the latest one.
    const active =
      this.active.get(name) ??
      (await this.reload()
        .then(() => this.latest)
        .then(() => this.active.get(name)));
    if (!active) throw new ReadModelNotReadyError(name);
    return schemaName(name, active.version);
  }

  /** A query builder bound to a read model: the given schema, else the version active now. */
  async readModel<DB>(name: string, schema?: string): Promise<Kysely<DB>> {
    return this.database.db.withSchema(schema ?? (await this.schemaOf(name))) as unknown as Kysely<DB>;
  }

  private reachedSchemas(position: Position, names: readonly string[] | undefined): Map<string, string> | null {
    const schemas = new Map<string, string>();
    for (const name of names ?? [...this.active.keys()]) {
      const active = this.active.get(name);
      if (!active || active.position < position) return null;
      schemas.set(name, schemaName(name, active.version));
    }
    return schemas;
  }

  /** Reloads; a database that cannot be reached is answered (not thrown), other errors are thrown. */
  private async reloadUnlessUnavailable(): Promise<unknown> {
    try {
      await this.reload();
      return null;
    } catch (error) {
      if (isDatabaseUnavailable(error)) return error;
      throw error;
    }
  }

  /** The first of the named read models (all when omitted) that stopped before reaching `position`. */
  failureBefore(position: Position, names?: readonly string[]): ProjectionFailure | null {
    for (const name of names ?? [...this.active.keys()]) {
      const failure = this.active.get(name)?.failure;
      if (failure && failure.position <= position) return failure;
    }
    return null;
  }

  /**
   * Waits until the named projections (all when omitted) have applied `position`. Answers the
   * schemas that were checked, so a query reads exactly the versions that reached it; null when
   * `timeoutMs` passes first. While the database is down, a position already known to be reached
   * is still answered (positions never move back), else the database error is thrown at once.
   * A read model stopped on an event at or before `position` will not get there: ReadModelFailedError
   * at once, naming the event.
   */
  async waitFor(position: Position, options: { names?: readonly string[]; timeoutMs: number }): Promise<ReadonlyMap<string, string> | null> {
    const deadline = Date.now() + options.timeoutMs;
    // "All projections" must include any activated since the last reload (a first activation sends no notice).
    let unavailable: unknown = null;
    if (this.listener.connected && options.names) await this.latest.catch(() => undefined);
    else unavailable = await this.reloadUnlessUnavailable();
    for (;;) {
      const seen = this.listener.current;
      const reached = this.reachedSchemas(position, options.names);
      if (reached) return reached;
      if (unavailable) throw unavailable;
      if (this.failureBefore(position, options.names)) {
        // What it knew may predate a restart: the table has the word.
        await this.reload();
        await this.latest;
        const failure = this.failureBefore(position, options.names);
        if (failure) throw new ReadModelFailedError(failure);
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) return null;
      await this.listener.wait(seen, Math.min(remaining, 250));
      if (this.listener.current === seen || !this.listener.connected) unavailable = await this.reloadUnlessUnavailable();
      else await this.latest.catch(() => undefined);
    }
  }

  /**
   * Head, projections and dependencies. While the database cannot be reached: status
   * `unavailable`, the database `down`, and the head and projections as last seen.
   */
  async health(): Promise<Health> {
    try {
      this.lastHealth = await this.readHealth();
      return this.lastHealth;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return {
        status: 'unavailable',
        head: this.lastKnownHead().toString(),
        eventStore: this.store.kind,
        projections: this.lastHealth?.projections ?? [],
        dependencies: { database: 'down' },
        message: DATABASE_UNAVAILABLE_MESSAGE,
      };
    }
  }

  /** The head as far as is known: the last one read, or the furthest position a read model reached since. */
  private lastKnownHead(): Position {
    let furthest = this.lastHealth ? BigInt(this.lastHealth.head) : 0n;
    for (const { position } of this.active.values()) if (position > furthest) furthest = position;
    return furthest;
  }

  private async readHealth(): Promise<Health> {
    const head = await this.store.headPosition();
    const rows = await this.database.db
      .selectFrom('projection_checkpoints as c')
      .leftJoin('projection_active as a', 'a.name', 'c.name')
      .leftJoin('projection_leases as l', (j) =>
        j
          .onRef('l.name', '=', 'c.name')
          .onRef('l.version', '=', 'c.version')
          .on('l.expires_at', '>', sql<Date>`now()`),
      )
      .select([
        'c.name',
        'c.version',
        'c.position',
        'c.status',
        'c.error',
        'c.failed_position',
        'c.failed_stream',
        'c.failed_type',
        'c.updated_at',
        'l.holder',
        'l.expires_at',
        sql<number>`extract(epoch from now() - c.updated_at) * 1000`.as('still_ms'),
      ])
      .select(sql<boolean>`coalesce(a.version = c.version, false)`.as('active'))
      .select(sql<boolean>`coalesce(a.version > c.version, false)`.as('superseded'))
      .orderBy('c.name')
      .orderBy('c.version')
      .execute();
    const projections: ProjectionHealth[] = rows.map((r) => {
      const lag = head - BigInt(r.position);
      // Measured by the database's clock, as the checkpoint's time was written by it. A version
      // superseded by a newer one is left behind on purpose.
      const stalled = r.status !== 'failed' && !r.superseded && lag > 0n && Number(r.still_ms) > this.stallMs;
      return {
        name: r.name,
        version: r.version,
        active: r.active,
        superseded: r.superseded,
        status: stalled ? 'stalled' : r.status,
        checkpoint: r.position,
        lag: (lag > 0n ? lag : 0n).toString(),
        error: r.error,
        failedAt:
          r.status === 'failed' && r.failed_position !== null
            ? { position: r.failed_position, streamId: r.failed_stream ?? '', eventType: r.failed_type ?? '' }
            : null,
        holder: r.holder ?? null,
        leaseExpiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
        checkpointMovedAt: new Date(r.updated_at).toISOString(),
      };
    });
    // A version a newer one has taken over from (a rebuild, a deployment) no longer matters to readers.
    const serving = projections.filter((p) => !p.superseded);
    const stopped = serving.filter((p) => p.status === 'failed' && p.failedAt);
    const message = stopped
      .map((p) =>
        describeFailure({
          projection: p.name,
          version: p.version,
          position: BigInt(p.failedAt!.position),
          streamId: p.failedAt!.streamId,
          eventType: p.failedAt!.eventType,
          reason: p.error ?? '',
        }),
      )
      .join('\n');
    return {
      status: serving.some((p) => p.status === 'failed' || p.status === 'stalled') ? 'degraded' : 'ok',
      head: head.toString(),
      eventStore: this.store.kind,
      projections,
      dependencies: { database: 'up' },
      ...(message ? { message } : {}),
    };
  }

  async close(): Promise<void> {
    await this.listener.close();
  }
}
