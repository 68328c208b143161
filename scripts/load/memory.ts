/** The site's resident memory, sampled from /proc, and the soak's verdict on its trend. */
import fs from 'node:fs';

export const MIB = 1024 * 1024;

/** VmRSS of `pid` in bytes (proc(5)); NaN when it cannot be read. */
export function residentBytes(pid: number): number {
  try {
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? NaN : Number(kib) * 1024;
  } catch {
    return NaN;
  }
}

/** Samples `pid`'s VmRSS every `everyMs` until stopped. */
export function sampleResidentMemory(pid: number, everyMs: number): { stop(): number[] } {
  const samples = [residentBytes(pid)];
  const timer = setInterval(() => samples.push(residentBytes(pid)), everyMs);
  return {
    stop() {
      clearInterval(timer);
      samples.push(residentBytes(pid));
      return samples;
    },
  };
}

export interface SoakVerdict {
  firstThirdMean: number;
  lastThirdMean: number;
  growth: number;
  bound: number;
  ok: boolean;
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Memory is flat when the mean of the last third of `samples` exceeds the first third's by at most
 * `bound` bytes. Means of thirds, not first and last samples: the heap breathes between
 * collections, and a single sample may catch it at either end.
 */
export function soakVerdict(samples: readonly number[], bound: number): SoakVerdict {
  const third = Math.floor(samples.length / 3);
  if (third === 0 || samples.some(Number.isNaN)) return { firstThirdMean: NaN, lastThirdMean: NaN, growth: NaN, bound, ok: false };
  const firstThirdMean = mean(samples.slice(0, third));
  const lastThirdMean = mean(samples.slice(samples.length - third));
  const growth = lastThirdMean - firstThirdMean;
  return { firstThirdMean, lastThirdMean, growth, bound, ok: growth <= bound };
}

/**
 * The live heap left after each full collection (`Mark-Compact` in `--trace-gc` output), by
 * isolate (the main thread and each worker thread have their own heap): what the process still
 * holds, without the garbage awaiting collection that makes its resident memory swing.
 */
export function heapAfterFullCollections(traceGcOutput: string): Map<string, number[]> {
  const byIsolate = new Map<string, number[]>();
  for (const match of traceGcOutput.matchAll(/^\[\d+:(0x[0-9a-f]+)\]\s+\d+ ms: Mark-Compact(?: \([a-z ]+\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/gm)) {
    const [, isolate, afterMb] = match;
    byIsolate.set(isolate!, [...(byIsolate.get(isolate!) ?? []), Number(afterMb) * MIB]);
  }
  return byIsolate;
}
