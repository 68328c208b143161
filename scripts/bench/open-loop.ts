/**
 * Reads at a constant arrival rate (an open loop, as wrk2 does): request i is due at start + i/rate,
 * whether or not earlier ones have been answered, so a slow answer cannot hold back the requests
 * behind it and hide its cost. Latency is counted from when each request was due (a late send,
 * from a stalled client or a full pool, counts against it) and, for comparison, from when it was sent.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { latencies, type Latencies } from './stats.js';

export interface OpenLoopOptions {
  base: string;
  /** The path of the next request. */
  nextPath: () => string;
  rate: number;
  seconds: number;
  /** At most this many requests in flight (each on its own keep-alive connection). */
  connections?: number;
  /** Sent with every request, such as a session cookie. */
  headers?: Readonly<Record<string, string>>;
}

export interface OpenLoopResult {
  sent: number;
  /** Answered requests per second over the run. */
  achievedRate: number;
  errors: number;
  non2xx: number;
  /** From when each request was due to its last byte. */
  fromDue: Latencies;
  /** From when each request was written to its last byte. */
  fromSent: Latencies;
}

export async function openLoop({ base, nextPath, rate, seconds, connections = 32, headers = {} }: OpenLoopOptions): Promise<OpenLoopResult> {
  const pool = new Pool(base, { connections, pipelining: 1 });
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const fromDue: number[] = [];
  const fromSent: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const inFlight = new Set<Promise<void>>();
  const fire = (dueAt: number) => {
    const sentAt = performance.now();
    const due = Math.min(dueAt, sentAt);
    const request = pool
      .request({ path: nextPath(), method: 'GET', headers })
      .then(async ({ statusCode, body }) => {
        await body.dump();
        const done = performance.now();
        if (statusCode < 200 || statusCode > 299) non2xx++;
        fromDue.push(done - due);
        fromSent.push(done - sentAt);
      })
      .catch(() => void errors++)
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    // A timer fires up to a millisecond late, counted as latency, or a fraction early: then the
    // latency runs from the send (see `fire`). Spinning to be exact would take the server's CPU.
    if (wait > 0) await sleep(wait);
    fire(due);
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  await pool.close();
  return { sent: total, achievedRate: fromDue.length / elapsed, errors, non2xx, fromDue: latencies(fromDue), fromSent: latencies(fromSent) };
}
