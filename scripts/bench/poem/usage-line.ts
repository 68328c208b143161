/** The line ./report-usage.ts writes in the import process and ./import-process.ts reads (no other imports: it loads into the measured process). */
export const USAGE_PREFIX = 'epos-bench-usage ';

export interface ProcessUsage {
  /** Peak resident set size, kilobytes (1,024 bytes). */
  maxRssKb: number;
  userSeconds: number;
  systemSeconds: number;
}
