/** Percentiles of the benchmarks' samples. */

export interface Latencies {
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Sorts `values` in place. */
export function latencies(values: number[]): Latencies {
  values.sort((a, b) => a - b);
  return { p50: percentile(values, 50), p90: percentile(values, 90), p95: percentile(values, 95), p99: percentile(values, 99), max: values.at(-1) ?? NaN };
}

/** The median of `values` (the mean of the middle two when even), NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
