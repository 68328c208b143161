/**
 * Preloaded into the import process by bench:poem (`node --import tsx --import ./report-usage.ts
 * scripts/poem/import.ts …`): when the process exits, writes one `USAGE_PREFIX {json}` line to
 * stderr with its peak resident set size (getrusage's ru_maxrss: the most physical memory the
 * process ever held, its worker threads included) and the CPU it used.
 */
import fs from 'node:fs';
import { USAGE_PREFIX, type ProcessUsage } from './usage-line.js';

process.on('exit', () => {
  const usage = process.resourceUsage();
  const report: ProcessUsage = { maxRssKb: usage.maxRSS, userSeconds: usage.userCPUTime / 1e6, systemSeconds: usage.systemCPUTime / 1e6 };
  fs.writeSync(2, `${USAGE_PREFIX}${JSON.stringify(report)}\n`);
});
