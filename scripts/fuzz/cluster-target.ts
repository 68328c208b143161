/**
 * `npm run fuzz -- --cluster`: the three roles as separate processes (2 API, 1 projections,
 * 1 workers) behind one proxy, on a PostgreSQL of the run's own with the demo content.
 */
import { createKillablePostgres } from '@epos/platform/testkit/killable-postgres';
import { startCluster, type Cluster } from '../testkit/cluster.js';
import { startSite } from '../testkit/site-process.js';

export interface ClusterTarget {
  cluster: Cluster;
  databaseUrl: string;
  close(): Promise<void>;
}

export async function startClusterTarget(): Promise<ClusterTarget> {
  const postgres = await createKillablePostgres();
  let cluster: Cluster | null = null;
  try {
    const databaseUrl = await postgres.createDatabase('epos_fuzz');
    // Only the whole site seeds the demo: once, then the roles run on their own.
    await (await startSite({ databaseUrl })).stop();
    // Per-user write limits would turn most requests into 429s: raised, as for the in-process API.
    cluster = await startCluster({ databaseUrl, api: 2, projections: 1, workers: 1, env: { RATE_LIMIT_FACTOR: process.env.RATE_LIMIT_FACTOR ?? '1000' } });
    const started = cluster;
    return {
      cluster: started,
      databaseUrl,
      async close() {
        await started.stop();
        await postgres.destroy();
      },
    };
  } catch (error) {
    await cluster?.stop();
    await postgres.destroy();
    throw error;
  }
}
