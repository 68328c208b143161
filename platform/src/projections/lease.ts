import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { threadId } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import type { PlatformDatabase } from '../db/tables.js';

export interface LeaseOptions {
  /** Who holds it, as /api/health shows it (default: host, process id, thread and a random tag). */
  holder?: string;
  /** How long a lease lasts unless renewed: a killed holder is replaced within this time. */
  ttlMs?: number;
}

export const DEFAULT_LEASE_TTL_MS = 5_000;

/** The lease was taken by another holder (ours expired): the batch must not be applied. */
export class LeaseLostError extends Error {
  constructor(
    readonly projection: string,
    readonly version: number,
  ) {
    super(`the lease on projection ${projection}@${version} was lost to another process`);
    this.name = 'LeaseLostError';
  }
}

/**
 * One runner at a time per (projection, version). A lease is taken when free or expired, renewed
 * by its holder (on a timer and inside every batch's transaction, which also fences a holder that
 * lost it while paused), and released on a clean stop so another process takes over at once.
 */
export class ProjectionLeases {
  readonly holder: string;
  readonly ttlMs: number;

  /** The leases kept renewed, by `name@version`, each with what to do when it is lost. */
  private readonly kept = new Map<string, () => void>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(options: LeaseOptions = {}) {
    this.holder = options.holder ?? `${os.hostname()}:${process.pid}${threadId ? `/${threadId}` : ''}:${randomBytes(3).toString('hex')}`;
    this.ttlMs = options.ttlMs ?? DEFAULT_LEASE_TTL_MS;
  }

  /**
   * Takes the lease when it is free, expired or ours already, or when its holder was a process of
   * this machine that no longer exists (a restarted `npm start` need not wait for its own lease
   * to lapse); answers whether we hold it.
   */
  async tryTake(db: Kysely<PlatformDatabase>, name: string, version: number): Promise<boolean> {
    if (await this.takeFree(db, name, version)) return true;
    const current = await db.selectFrom('projection_leases').select('holder').where('name', '=', name).where('version', '=', version).executeTakeFirst();
    if (!current || !isDeadLocalProcess(current.holder)) return false;
    const taken = await db
      .updateTable('projection_leases')
      .set({ holder: this.holder, acquired_at: sql<Date>`now()`, expires_at: sql<Date>`now() + ${this.interval()}::interval` })
      .where('name', '=', name)
      .where('version', '=', version)
      .where('holder', '=', current.holder)
      .executeTakeFirst();
    return taken.numUpdatedRows === 1n;
  }

  private async takeFree(db: Kysely<PlatformDatabase>, name: string, version: number): Promise<boolean> {
    const taken = await sql<{ holder: string }>`
      insert into projection_leases as l (name, version, holder, acquired_at, expires_at)
      values (${name}, ${version}, ${this.holder}, now(), now() + ${this.interval()}::interval)
      on conflict (name, version) do update
        set holder = excluded.holder,
            expires_at = excluded.expires_at,
            acquired_at = case when l.holder = excluded.holder then l.acquired_at else now() end
        where l.holder = excluded.holder or l.expires_at < now()
      returning holder`.execute(db);
    return taken.rows.length === 1;
  }

  /** Extends the lease; false when another holder has it now. Inside a transaction, it fences the batch. */
  async renew(db: Kysely<PlatformDatabase>, name: string, version: number): Promise<boolean> {
    const renewed = await db
      .updateTable('projection_leases')
      .set({ expires_at: sql<Date>`now() + ${this.interval()}::interval` })
      .where('name', '=', name)
      .where('version', '=', version)
      .where('holder', '=', this.holder)
      .executeTakeFirst();
    return renewed.numUpdatedRows === 1n;
  }

  /**
   * Keeps the lease renewed until the returned function is called: one statement every third of
   * the lease's time renews every lease this holder keeps (a statement per projection kept an idle
   * site busy: docs/decisions/idle-background-work.md). `lost` is called once the lease is found held by another.
   */
  keep(db: Kysely<PlatformDatabase>, name: string, version: number, lost: () => void): () => void {
    const key = `${name}@${version}`;
    this.kept.set(key, lost);
    this.heartbeat ??= setInterval(() => void this.renewKept(db), this.ttlMs / 3);
    return () => {
      if (this.kept.get(key) === lost) this.kept.delete(key);
      if (this.kept.size === 0 && this.heartbeat !== null) {
        clearInterval(this.heartbeat);
        this.heartbeat = null;
      }
    };
  }

  private async renewKept(db: Kysely<PlatformDatabase>): Promise<void> {
    // Taken before the statement: each of these leases was in the table before it ran.
    const keys = [...this.kept.keys()];
    let held: Set<string>;
    try {
      const rows = await db
        .updateTable('projection_leases')
        .set({ expires_at: sql<Date>`now() + ${this.interval()}::interval` })
        .where('holder', '=', this.holder)
        .where(sql<boolean>`name || '@' || version = any(${keys})`)
        .returning(['name', 'version'])
        .execute();
      held = new Set(rows.map((row) => `${row.name}@${row.version}`));
    } catch {
      return; // an outage: the runs themselves are interrupted and retry
    }
    for (const key of keys) if (!held.has(key)) this.kept.get(key)?.();
  }

  async release(db: Kysely<PlatformDatabase>, name: string, version: number): Promise<void> {
    await db.deleteFrom('projection_leases').where('name', '=', name).where('version', '=', version).where('holder', '=', this.holder).execute();
  }

  private interval(): string {
    return `${this.ttlMs} milliseconds`;
  }
}

/** A holder named after a process of this machine (host:pid…) that has exited. */
function isDeadLocalProcess(holder: string): boolean {
  const [host, pidPart] = holder.split(':');
  const pid = Number.parseInt(pidPart ?? '', 10);
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
