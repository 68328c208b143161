/**
 * Where a benchmark runs its processes, so that a comparison is per core: every server measured
 * (the site, nginx, bare node:http) on one core and every load generator (wrk, the paced reads) on
 * another, through util-linux's `taskset`. PostgreSQL and the bench process itself are left to the
 * scheduler. Without taskset or a second core the processes run unpinned, and the run says so.
 */
import fs from 'node:fs';
import os from 'node:os';

export const SERVER_CORE = 0;
export const LOAD_CORE = 1;

const TASKSET = ['/usr/bin/taskset', '/bin/taskset'].find((p) => fs.existsSync(p)) ?? null;
const pinning = TASKSET !== null && os.cpus().length >= 2;

/** `command args…` run on `core`: the command and arguments to spawn. */
export function onCore(core: number, command: string, args: readonly string[]): [string, string[]] {
  return pinning ? [TASKSET!, ['-c', String(core), command, ...args]] : [command, [...args]];
}

/**
 * One line for a benchmark's report: how its processes were placed. `postgres`: an external server
 * is left to the scheduler; an embedded one, started by the site, runs on the site's core.
 */
export function pinningNote(postgres: 'external' | 'embedded' = 'external'): string {
  return pinning
    ? `servers pinned to core ${SERVER_CORE}, load generators to core ${LOAD_CORE} (taskset); ${postgres === 'external' ? 'PostgreSQL unpinned' : "the embedded PostgreSQL on the site's core"}`
    : `NOT pinned (${TASKSET === null ? 'no taskset' : 'one core'}): servers and load generators share the cores`;
}
