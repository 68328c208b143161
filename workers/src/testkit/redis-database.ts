import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

async function clearQueues(redisUrl: string): Promise<void> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', 'bull:epos.*', 'COUNT', 1000);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await client.quit();
  }
}

/**
 * A Redis logical database (1-15) claimed for one test run, its queues emptied, so that a workers
 * process with the default queue prefix shares nothing with other runs; `release` frees it.
 */
export async function claimRedisDatabase(baseUrl: string): Promise<{ url: string; release(): Promise<void> }> {
  const admin = new Redis(baseUrl, { maxRetriesPerRequest: 2 });
  const token = `${process.pid}-${randomBytes(6).toString('hex')}`;
  for (let n = 1; n < 16; n++) {
    const lock = `epos-test:redis-db:${n}`;
    if ((await admin.set(lock, token, 'EX', 600, 'NX')) !== 'OK') continue;
    const url = new URL(baseUrl);
    url.pathname = `/${n}`;
    await clearQueues(url.toString());
    return {
      url: url.toString(),
      async release() {
        try {
          await clearQueues(url.toString());
          if ((await admin.get(lock)) === token) await admin.del(lock);
        } finally {
          await admin.quit();
        }
      },
    };
  }
  await admin.quit();
  throw new Error('no free Redis logical database (1-15) for this run');
}
