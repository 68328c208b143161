/** Latencies and failures per route, as each load process records them and the run merges them. */
import { latencies } from '../bench/stats.js';

export interface RouteSamples {
  /** Requests sent. */
  count: number;
  /** Milliseconds from sending to the last byte, answered requests only. */
  ms: number[];
  /** Answers ≥ 400 and requests with no answer. */
  errors: number;
}

/** A request that failed: its status, or 0 and the error when nothing came back. */
export interface Failure {
  route: string;
  path: string;
  status: number;
  error?: string;
}

/** What a load process hands back, through the file it is given. */
export interface ProcessReport {
  routes: Record<string, RouteSamples>;
  /** The first few failures, to say what went wrong. */
  failures: Failure[];
  /** Requests sent in the measured window. */
  requests: number;
  /** CPU seconds the process used in the measured window. */
  cpuSeconds: number;
}

const FAILURES_KEPT = 10;

/** Records requests sent within the measured window [from, until) (performance.now() times). */
export class Recorder {
  private readonly routes = new Map<string, RouteSamples>();
  private readonly failures: Failure[] = [];
  private requests = 0;

  constructor(
    private readonly from: number,
    private readonly until: number,
  ) {}

  measuring(sentAt: number): boolean {
    return sentAt >= this.from && sentAt < this.until;
  }

  answered(route: string, sentAt: number, doneAt: number, status: number, path: string): void {
    if (!this.measuring(sentAt)) return;
    const samples = this.samplesOf(route);
    samples.ms.push(doneAt - sentAt);
    if (status >= 400) this.failed(samples, { route, path, status });
  }

  unanswered(route: string, sentAt: number, path: string, error: unknown): void {
    if (!this.measuring(sentAt)) return;
    this.failed(this.samplesOf(route), { route, path, status: 0, error: error instanceof Error ? error.message : String(error) });
  }

  report(cpuSeconds: number): ProcessReport {
    return { routes: Object.fromEntries(this.routes), failures: this.failures, requests: this.requests, cpuSeconds };
  }

  private samplesOf(route: string): RouteSamples {
    this.requests++;
    let samples = this.routes.get(route);
    if (!samples) this.routes.set(route, (samples = { count: 0, ms: [], errors: 0 }));
    samples.count++;
    return samples;
  }

  private failed(samples: RouteSamples, failure: Failure): void {
    samples.errors++;
    if (this.failures.length < FAILURES_KEPT) this.failures.push(failure);
  }
}

export function mergeReports(reports: readonly ProcessReport[]): ProcessReport {
  const routes: Record<string, RouteSamples> = {};
  for (const report of reports) {
    for (const [route, samples] of Object.entries(report.routes)) {
      const merged = (routes[route] ??= { count: 0, ms: [], errors: 0 });
      merged.count += samples.count;
      for (const ms of samples.ms) merged.ms.push(ms);
      merged.errors += samples.errors;
    }
  }
  return {
    routes,
    failures: reports.flatMap((report) => report.failures),
    requests: reports.reduce((sum, report) => sum + report.requests, 0),
    cpuSeconds: reports.reduce((sum, report) => sum + report.cpuSeconds, 0),
  };
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1)).padStart(7);

/** One line per route (sorted by route), then all routes together: count, rate, p50, p95, p99, max, errors. */
export function routeTable(routes: Record<string, RouteSamples>, seconds: number): string[] {
  const names = Object.keys(routes).sort();
  const width = Math.max(5, ...names.map((name) => name.length));
  const line = (name: string, samples: RouteSamples) => {
    const { p50, p95, p99, max } = latencies(samples.ms);
    return `${name.padEnd(width)} ${String(samples.count).padStart(8)} ${(samples.count / seconds).toFixed(1).padStart(8)} ${ms(p50)} ${ms(p95)} ${ms(p99)} ${ms(max)} ${String(samples.errors).padStart(6)}`;
  };
  const all: RouteSamples = {
    count: names.reduce((sum, name) => sum + routes[name]!.count, 0),
    ms: names.flatMap((name) => routes[name]!.ms),
    errors: names.reduce((sum, name) => sum + routes[name]!.errors, 0),
  };
  return [
    `${'route'.padEnd(width)} ${'count'.padStart(8)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'errors'.padStart(6)}`,
    ...names.map((name) => line(name, routes[name]!)),
    line('all', all),
  ];
}
