/**
 * The expensive-call attack (issue 35): from one address, 20 search downloads and 200 searches kept
 * in flight without pause by a process of their own (./ask-again-process.ts, at the lowest priority on
 * the load core), while another reads a cached section at a steady pace; idle and attacked phases
 * alternate (a round per 20 s given, an odd number, at least 3 when given 30 s or more). The cached
 * read's median p99 under attack (after its onset, told apart) is held
 * against its median idle p99 (budget: under 2×), and every refusal must be a 429 or 503 carrying
 * Retry-After and the RateLimit fields.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SearchAnswer } from '@epos/schemas/search/responses';
import { pacedReadsProcess } from '../bench/paced-reads.js';
import { LOAD_CORE, onCore } from '../bench/pinning.js';
import { watchChild } from '../testkit/site-process.js';
import type { Asker, Tally } from './ask-again-process.js';
import type { AbuseReport, Attack } from './attack.js';

const DOWNLOADS = 20;
const SEARCHES = 200;
const CHEAP_READ = '/api/sbook/1/1/1';
const CHEAP_RATE = 100;
/**
 * The attack's first seconds, measured and told apart: 220 connections opened at once and the
 * first minute's allowance answered make a burst no steady attack repeats (docs/decisions/abuse-onset.md).
 */
const ONSET_SECONDS = 4;
/** The budget: a cached read under attack (after its onset) within this multiple of its idle p99. */
const SLOWDOWN_BUDGET = 2;
/** Words whose hits are many in the demo poem and in `npm run generate`'s. */
const CANDIDATE_WORDS = ['light', 'lamp', 'night', 'fire', 'evening', 'dark'];

const describeTally = (t: Tally) => {
  const other = Object.entries(t.other);
  return `${t.answered} answered, ${t.tooMany} refused 429, ${t.busy} refused 503${other.length > 0 ? `, other: ${other.map(([k, n]) => `${k} ×${n}`).join(', ')}` : ''}`;
};
function addTallies(sum: Tally | undefined, t: Tally): Tally {
  if (!sum) return t;
  const other = { ...sum.other };
  for (const [k, n] of Object.entries(t.other)) other[k] = (other[k] ?? 0) + n;
  return { answered: sum.answered + t.answered, tooMany: sum.tooMany + t.tooMany, busy: sum.busy + t.busy, unmarked: sum.unmarked + t.unmarked, other };
}
const otherCount = (t: Tally) => Object.values(t.other).reduce((a, b) => a + b, 0);

/** Starts ./ask-again-process.ts on the load core at the lowest priority; `stop()` ends it and gives its tallies. */
async function startAsking(base: string, askers: readonly Asker[]): Promise<{ stop(): Promise<Record<string, Tally>> }> {
  const script = fileURLToPath(new URL('./ask-again-process.ts', import.meta.url));
  const child = spawn(...onCore(LOAD_CORE, 'nice', ['-n', '19', process.execPath, '--import', 'tsx', script, base, JSON.stringify(askers)]), {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const watched = watchChild(child);
  while (!watched.output().includes('asking')) {
    if (watched.exitCode() !== null) throw new Error(`the attack process ended before asking (exit ${watched.exitCode()})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    async stop() {
      child.kill('SIGTERM');
      await watched.exited;
      return JSON.parse(watched.output().trim().split('\n').at(-1)!) as Record<string, Tally>;
    },
  };
}

/** The candidate with the most hits: the heaviest download the site has. */
async function heaviestWord(base: string): Promise<{ word: string; hits: number }> {
  let best = { word: CANDIDATE_WORDS[0]!, hits: -1 };
  for (const word of CANDIDATE_WORDS) {
    const response = await fetch(`${base}/api/v2/search?q=${word}`);
    if (!response.ok) continue;
    const { total } = (await response.json()) as SearchAnswer;
    if (total > best.hits) best = { word, hits: total };
  }
  return best;
}

/** The middle value (of an odd count; the upper middle of an even one). */
const middle = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export const expensiveCallsAttack: Attack = async ({ site, seconds }): Promise<AbuseReport> => {
  const problems: string[] = [];
  // Idle and attacked phases alternate, so that a machine busy with something else for a while weighs on both alike.
  const rounds = seconds >= 30 ? Math.max(3, Math.floor(seconds / 20) | 1) : 1;
  const phase = Math.max(2, seconds / (2 * rounds));
  const cheap = async (seconds = phase, warmUp = 1) => {
    const cpuBefore = site.cpuSeconds();
    const started = performance.now();
    const { result } = await pacedReadsProcess({ base: site.base, paths: [CHEAP_READ], rate: CHEAP_RATE, seconds, warmUp });
    if (result.errors + result.non2xx > 0) problems.push(`cached section reads failed: ${result.errors} errors, ${result.non2xx} not 2xx`);
    return { p50: result.fromDue.p50, p99: result.fromDue.p99, cores: (site.cpuSeconds() - cpuBefore) / ((performance.now() - started) / 1000) };
  };

  const section = await fetch(`${site.base}${CHEAP_READ}`);
  if (!section.ok) problems.push(`${CHEAP_READ} answered ${section.status}: the cheap read to measure is missing`);
  const { word, hits } = await heaviestWord(site.base);
  const askers: Asker[] = [
    { label: 'downloads', paths: [`/api/v2/search/download?q=${word}`], connections: DOWNLOADS },
    { label: 'searches', paths: Array.from({ length: 10 }, (_, page) => `/api/v2/search?q=${word}&page=${page + 1}`), connections: SEARCHES },
  ];
  const totals: Record<string, Tally> = {};
  const idle: Awaited<ReturnType<typeof cheap>>[] = [];
  const loaded: Awaited<ReturnType<typeof cheap>>[] = [];
  const onsets: Awaited<ReturnType<typeof cheap>>[] = [];
  let attackSeconds = 0;
  for (let round = 0; round < rounds; round++) {
    idle.push(await cheap());
    // The attack runs from before the measuring process starts until it has measured.
    const started = performance.now();
    const attack = await startAsking(site.base, askers);
    onsets.push(await cheap(ONSET_SECONDS, 0));
    loaded.push(await cheap());
    for (const [label, tally] of Object.entries(await attack.stop())) totals[label] = addTallies(totals[label], tally);
    attackSeconds += (performance.now() - started) / 1000;
  }
  const downloads = totals.downloads!;
  const searches = totals.searches!;

  const idleP99 = middle(idle.map((m) => m.p99));
  const loadedP99 = middle(loaded.map((m) => m.p99));
  const ratio = loadedP99 / idleP99;
  if (!(ratio < SLOWDOWN_BUDGET))
    problems.push(
      `a cached section's p99 went from ${idleP99.toFixed(1)} ms idle to ${loadedP99.toFixed(1)} ms under attack (${ratio.toFixed(2)}×; budget under ${SLOWDOWN_BUDGET}×)`,
    );
  for (const [kind, tally] of [
    ['downloads', downloads],
    ['searches', searches],
  ] as const) {
    if (tally.unmarked > 0) problems.push(`${tally.unmarked} refused ${kind} came without Retry-After or the RateLimit fields`);
    if (otherCount(tally) > 0) problems.push(`${kind} answered other than 200, 429 or 503: ${describeTally(tally)}`);
    if (tally.tooMany + tally.busy === 0) problems.push(`no ${kind} were refused: one address got all it asked for`);
  }

  const ms = (value: number) => value.toFixed(1);
  const each = (list: readonly { p99: number }[]) => list.map((m) => ms(m.p99)).join(', ');
  return {
    attack: 'expensive calls',
    figures: {
      'attack (from 127.0.0.1)': `${DOWNLOADS} downloads and ${SEARCHES} searches of "${word}" (${hits} hits) kept in flight, ${rounds} × ${phase.toFixed(0)} s after a ${ONSET_SECONDS} s onset (${attackSeconds.toFixed(0)} s in all)`,
      'cached section p99 idle (ms)': Number(ms(idleP99)),
      'cached section p99 under attack (ms)': Number(ms(loadedP99)),
      'p99 under attack ÷ idle': Number(ratio.toFixed(2)),
      'cached section p99 of each round, idle | under attack (ms)': `${each(idle)} | ${each(loaded)}`,
      [`cached section p99 in the attack's first ${ONSET_SECONDS} s, each round (ms)`]: each(onsets),
      'cached section p50 idle / under attack (ms)': `${ms(middle(idle.map((m) => m.p50)))} / ${ms(middle(loaded.map((m) => m.p50)))}`,
      'site process CPU idle / under attack (cores)': `${middle(idle.map((m) => m.cores)).toFixed(2)} / ${middle(loaded.map((m) => m.cores)).toFixed(2)}`,
      downloads: describeTally(downloads),
      searches: describeTally(searches),
      'refusals without Retry-After or the RateLimit fields': downloads.unmarked + searches.unmarked,
      'answers other than 200, 429 or 503': otherCount(downloads) + otherCount(searches),
    },
    problems,
  };
};
