/** CPU time of processes as Linux counts it (proc(5)); NaN where there is no /proc. */
import fs from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after "pid (name) ": the 3rd field of proc(5) is at index 0. */
function statFields(pid: number | 'self'): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Live children of `pid`, from each of its threads' children lists. */
export function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** CPU seconds (user + system, every thread) used so far by `pid` and, with `descendants`, by its live descendants too (nginx's worker under its master). */
export function processCpuSeconds(pid: number, descendants = false): number {
  try {
    const fields = statFields(pid);
    // utime and stime: the 14th and 15th fields.
    const own = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
    return descendants ? childrenOf(pid).reduce((sum, child) => sum + processCpuSeconds(child, true), own) : own;
  } catch {
    return NaN;
  }
}

/** CPU seconds used by this process's children that have exited and been waited for (cutime + cstime, the 16th and 17th fields). */
export function exitedChildrenCpuSeconds(): number {
  try {
    const fields = statFields('self');
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}
