/**
 * One attack of `npm run abuse` (scripts/abuse/run.ts): what a hostile client can make the site
 * hold, store or spend, run against a running site, with the figures it measured and what it found.
 */
import type { SiteProcess } from '../testkit/site-process.js';

export interface AbuseTarget {
  /** The running site (its pid and data folder included). */
  site: SiteProcess;
  /** The settings the site was started with (CACHE_MEMORY_MB …), where an attack's bound depends on one. */
  settings?: Record<string, string>;
  /** Seconds each attack may run for (the short version in `npm test` passes a few). */
  seconds: number;
}

export interface AbuseReport {
  attack: string;
  /** Printed as they are: "RSS at the end (MiB)": 612, "p99 of a cached section (ms)": 4.1 … */
  figures: Record<string, string | number>;
  /** Each bound the attack broke, in words; empty when every one held. */
  problems: string[];
}

export type Attack = (target: AbuseTarget) => Promise<AbuseReport>;
