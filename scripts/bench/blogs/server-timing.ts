/**
 * Server-side times for bench:blogs: in the server process, each request from its headers being
 * parsed to its last byte handed to the socket (Node's http diagnostics channels), and the event
 * loop's delay. SIGUSR2 prints those since the previous signal as one `timing {json}` line on stdout.
 */
import diagnostics from 'node:diagnostics_channel';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { latencies, type Latencies } from '../stats.js';

export const TIMING_PREFIX = 'timing ';

export interface ServerTimes {
  requests: number;
  handling: Latencies;
  /** How late the event loop ran its work (p99 and max, ms). */
  loopDelay: { p99: number; max: number };
}

export function recordServerTimes(): void {
  const started = new WeakMap<object, number>();
  let took: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  diagnostics.subscribe('http.server.request.start', (message) => started.set((message as { response: object }).response, performance.now()));
  diagnostics.subscribe('http.server.response.finish', (message) => {
    const at = started.get((message as { response: object }).response);
    if (at !== undefined) took.push(performance.now() - at);
  });
  process.on('SIGUSR2', () => {
    const times: ServerTimes = { requests: took.length, handling: latencies(took), loopDelay: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 } };
    console.log(`${TIMING_PREFIX}${JSON.stringify(times)}`);
    took = [];
    loop.reset();
  });
}
