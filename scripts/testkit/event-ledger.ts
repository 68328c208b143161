/**
 * Which events a request appended, told by its correlation id: the API keeps a client's uuid
 * X-Request-Id as the correlation id of the events the request appends. The fuzzer checks that a
 * refused request (4xx) appended none, chaos:pg that an acknowledged write appended exactly one.
 * Workers appending meanwhile do not confuse it, as a head position would. Records of an attempt
 * (a failed login) are not changes, and are not counted.
 */
import pg from 'pg';
import { attemptRecords } from '@epos/schemas';

export interface EventLedger {
  /** How many events carry each of these correlation ids (ids with none are left out). */
  countsFor(correlationIds: readonly string[]): Promise<Map<string, number>>;
  close(): Promise<void>;
}

export function postgresLedger(databaseUrl: string): EventLedger {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  return {
    async countsFor(correlationIds) {
      const counts = new Map<string, number>();
      for (let i = 0; i < correlationIds.length; i += 5000) {
        const batch = correlationIds.slice(i, i + 5000);
        const result = await pool.query<{ id: string; n: string }>(
          `select metadata->>'correlationId' as id, count(*) as n from events where metadata->>'correlationId' = any($1::text[]) and type <> all($2::text[]) group by 1`,
          [batch, [...attemptRecords]],
        );
        for (const row of result.rows) counts.set(row.id, Number(row.n));
      }
      return counts;
    },
    close: () => pool.end(),
  };
}
