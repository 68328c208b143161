/**
 * How far the slowest active read model trails the head of the log, sampled through the run: a
 * projections process killed leaves its read models still until its leases expire and the other
 * process takes them over and catches up; meanwhile a read that must see a write answers 503
 * not_consistent_yet. The samples tell when the read models had caught up again.
 */
import pg from 'pg';
import type { Window } from './cluster-checks.js';

const SAMPLE_MS = 250;
/** Caught up: the slowest read model at most this many events behind the head. */
const CAUGHT_UP_EVENTS = 3;

interface LagSample {
  at: number;
  behind: number;
}

export interface LagWatch {
  /** From `from` until the read models had caught up again, at least `minMs` later (the run's end if they never did). */
  untilCaughtUp(from: number, minMs: number): Window;
  stop(): Promise<void>;
}

export function watchProjectionLag(databaseUrl: string): LagWatch {
  const samples: LagSample[] = [];
  // A pool: it reconnects by itself after PostgreSQL's restart; samples fail meanwhile.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  pool.on('error', () => undefined);
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const { rows } = await pool.query<{ behind: string }>(
          `select coalesce((select max(global_position) from events), 0) - coalesce(min(c.position), 0) as behind
             from projection_checkpoints c join projection_active a using (name, version)`,
        );
        samples.push({ at: Date.now(), behind: Number(rows[0]!.behind) });
      } catch {
        /* PostgreSQL is down: no sample */
      }
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
  })();
  return {
    untilCaughtUp(from, minMs) {
      const caughtUp = samples.find((s) => s.at >= from + minMs && s.behind <= CAUGHT_UP_EVENTS);
      return { from, to: caughtUp?.at ?? Number.POSITIVE_INFINITY };
    },
    async stop() {
      running = false;
      await loop;
      await pool.end();
    },
  };
}
