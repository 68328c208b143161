import type { ImportReport } from './import-poem.js';

/** The plan of an import as lines a person reads before anything is stored (CLI and console). */
export function describePlan(report: ImportReport): string[] {
  const c = report.plan.counts;
  const lines = [
    `plan (${report.format}, edition ${report.edition}): ${c.sentences} sentences in the file`,
    `  unchanged ${c.unchanged}, new ${c.new}, text changed ${c.changed}, moved ${c.moved}, re-placed ${c.replaced}`,
    `  among them split ${c.split}, merged ${c.merged}, renumbered ${c.renumbered}; withdrawn ${c.withdrawn}`,
    `  ${c.events} events to append`,
  ];
  if (report.plan.review.length > 0) {
    lines.push(`  annotations needing review (${report.plan.review.length}):`);
    for (const item of report.plan.review) lines.push(`    - ${item}`);
  }
  return lines;
}
