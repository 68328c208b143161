import { sql } from 'kysely';
import type { Health, ProjectionHealth } from '@epos/schemas';
import type { Database } from '../db/database.js';
import { NotificationListener } from '../db/notifications.js';
import type { EventStore, Position } from '../event-store/port.js';
import { schemaName } from './define-projection.js';
import { parseProgress, PROJECTIONS_CHANNEL } from './notifications.js';

interface ActiveCheckpoint {
  version: number;
  position: Position;
}

/**
 * The query side's view of the projections: which schema each read model is served from,
 * how far each has got, and waiting until they reach a position (read-your-writes).
 */
export class ProjectionProgress {
  private readonly listener: NotificationListener;
  private active = new Map<string, ActiveCheckpoint>();
  private loaded: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly store: EventStore,
  ) {
    this.listener = new NotificationListener(database.url, PROJECTIONS_CHANNEL);
    this.listener.onPayload((payload) => this.apply(payload));
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
      void this.reload();
      return;
    }
    if (current && current.version === message.version && message.position > current.position) current.position = message.position;
  }

  private reload(): Promise<void> {
    this.loaded = (async () => {
      const rows = await this.database.db
        .selectFrom('projection_active as a')
        .innerJoin('projection_checkpoints as c', (j) => j.onRef('c.name', '=', 'a.name').onRef('c.version', '=', 'a.version'))
        .select(['a.name', 'a.version', 'c.position'])
        .execute();
      this.active = new Map(rows.map((r) => [r.name, { version: r.version, position: BigInt(r.position) }]));
    })();
    return this.loaded;
  }

  /** The schema a read model is currently served from. */
  async schemaOf(name: string): Promise<string> {
    await this.loaded;
    const active = this.active.get(name);
    if (!active) throw new Error(`No active version of projection ${name}`);
    return schemaName(name, active.version);
  }

  private reached(position: Position, names: readonly string[] | undefined): boolean {
    const relevant = names ? names.map((n) => this.active.get(n)) : [...this.active.values()];
    return relevant.every((a) => a !== undefined && a.position >= position);
  }

  /**
   * Resolves true once the named projections (all when omitted) have applied `position`,
   * false when `timeoutMs` passes first.
   */
  async waitFor(position: Position, options: { names?: readonly string[]; timeoutMs: number }): Promise<boolean> {
    const deadline = Date.now() + options.timeoutMs;
    await this.reload();
    for (;;) {
      const seen = this.listener.current;
      if (this.reached(position, options.names)) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      // Notifications carry progress; a periodic reload covers any that were missed.
      await this.listener.wait(seen, Math.min(remaining, 250));
      if (this.listener.current === seen) await this.reload();
    }
  }

  async health(): Promise<Health> {
    const head = await this.store.headPosition();
    const rows = await this.database.db
      .selectFrom('projection_checkpoints as c')
      .leftJoin('projection_active as a', 'a.name', 'c.name')
      .select(['c.name', 'c.version', 'c.position', 'c.status', 'c.error', sql<boolean>`coalesce(a.version = c.version, false)`.as('active')])
      .orderBy('c.name')
      .orderBy('c.version')
      .execute();
    const projections: ProjectionHealth[] = rows.map((r) => {
      const lag = head - BigInt(r.position);
      return {
        name: r.name,
        version: r.version,
        active: r.active,
        status: r.status,
        checkpoint: r.position,
        lag: (lag > 0n ? lag : 0n).toString(),
        error: r.error,
      };
    });
    return {
      status: projections.some((p) => p.status === 'failed') ? 'degraded' : 'ok',
      head: head.toString(),
      eventStore: this.store.kind,
      projections,
    };
  }

  async close(): Promise<void> {
    await this.listener.close();
  }
}
