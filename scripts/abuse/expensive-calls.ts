/**
 * The expensive-call attack (issue 35): from one address, 20 search downloads and 200 searches kept
 * in flight without pause (a refusal is followed by the next request at once, Retry-After ignored),
 * while a process of its own reads a cached section at a steady pace; idle and attacked phases
 * alternate (3 rounds when given 30 s or more). The cached read's median p99 under attack is held
 * against its median idle p99 (budget: under 2×), and every refusal must be a 429 or 503 carrying
 * Retry-After and the RateLimit fields.
 */
import { Pool } from 'undici';
import type { SearchAnswer } from '@epos/schemas/search/responses';
import { pacedReadsProcess } from '../bench/paced-reads.js';
import type { AbuseReport, Attack } from './attack.js';

const DOWNLOADS = 20;
const SEARCHES = 200;
const CHEAP_READ = '/api/sbook/1/1/1';
const CHEAP_RATE = 100;
/** The budget: a cached read under attack within this multiple of its idle p99. */
const SLOWDOWN_BUDGET = 2;
/** Words whose hits are many in the demo poem and in `npm run generate`'s. */
const CANDIDATE_WORDS = ['light', 'lamp', 'night', 'fire', 'evening', 'dark'];

interface Tally {
  answered: number;
  tooMany: number;
  busy: number;
  /** Refusals (429, 503) without Retry-After or the RateLimit fields. */
  unmarked: number;
  /** Anything else: other statuses, failed connections. */
  other: Map<string, number>;
}

const newTally = (): Tally => ({ answered: 0, tooMany: 0, busy: 0, unmarked: 0, other: new Map() });
const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

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

/** Asks `path` again and again while `going()`, each time reading the whole answer, and tallies how each was answered. */
async function keepAsking(pool: Pool, path: string, going: () => boolean, tally: Tally): Promise<void> {
  while (going()) {
    try {
      const { statusCode, headers, body } = await pool.request({ path, method: 'GET' });
      for await (const chunk of body) void chunk;
      if (statusCode === 200) tally.answered++;
      else if (statusCode === 429 || statusCode === 503) {
        if (statusCode === 429) tally.tooMany++;
        else tally.busy++;
        if (!headers['retry-after'] || !headers.ratelimit || !headers['ratelimit-policy']) tally.unmarked++;
      } else bump(tally.other, String(statusCode));
    } catch (error) {
      bump(tally.other, error instanceof Error ? error.name : 'error');
    }
  }
}

const describeTally = (t: Tally) =>
  `${t.answered} answered, ${t.tooMany} refused 429, ${t.busy} refused 503${t.other.size > 0 ? `, other: ${[...t.other].map(([k, n]) => `${k} ×${n}`).join(', ')}` : ''}`;

/** The middle value (of an odd count; the upper middle of an even one). */
const middle = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export const expensiveCallsAttack: Attack = async ({ site, seconds }): Promise<AbuseReport> => {
  const problems: string[] = [];
  // Idle and attacked phases alternate, so that a machine busy with something else for a while weighs on both alike.
  const rounds = seconds >= 30 ? 3 : 1;
  const phase = Math.max(2, seconds / (2 * rounds));
  const cheap = async () => {
    const cpuBefore = site.cpuSeconds();
    const started = performance.now();
    const { result } = await pacedReadsProcess({ base: site.base, paths: [CHEAP_READ], rate: CHEAP_RATE, seconds: phase, warmUp: 1 });
    if (result.errors + result.non2xx > 0) problems.push(`cached section reads failed: ${result.errors} errors, ${result.non2xx} not 2xx`);
    return { p50: result.fromDue.p50, p99: result.fromDue.p99, cores: (site.cpuSeconds() - cpuBefore) / ((performance.now() - started) / 1000) };
  };

  const section = await fetch(`${site.base}${CHEAP_READ}`);
  if (!section.ok) problems.push(`${CHEAP_READ} answered ${section.status}: the cheap read to measure is missing`);
  const { word, hits } = await heaviestWord(site.base);
  const downloads = newTally();
  const searches = newTally();
  const pool = new Pool(site.base, { connections: DOWNLOADS + SEARCHES });
  const idle: Awaited<ReturnType<typeof cheap>>[] = [];
  const loaded: Awaited<ReturnType<typeof cheap>>[] = [];
  let attackSeconds = 0;
  for (let round = 0; round < rounds; round++) {
    idle.push(await cheap());
    // The attack runs from before the measuring process starts until it has measured.
    let going = true;
    const started = performance.now();
    const attack = Promise.all([
      ...Array.from({ length: DOWNLOADS }, () => keepAsking(pool, `/api/v2/search/download?q=${word}`, () => going, downloads)),
      ...Array.from({ length: SEARCHES }, (_, i) => keepAsking(pool, `/api/v2/search?q=${word}&page=${1 + (i % 10)}`, () => going, searches)),
    ]);
    loaded.push(await cheap());
    going = false;
    await attack;
    attackSeconds += (performance.now() - started) / 1000;
  }
  await pool.close();

  const idleP99 = middle(idle.map((m) => m.p99));
  const loadedP99 = middle(loaded.map((m) => m.p99));
  const ratio = loadedP99 / idleP99;
  if (!(ratio < SLOWDOWN_BUDGET)) problems.push(`a cached section's p99 went from ${idleP99.toFixed(1)} ms idle to ${loadedP99.toFixed(1)} ms under attack (${ratio.toFixed(2)}×; budget under ${SLOWDOWN_BUDGET}×)`);
  for (const [kind, tally] of [['downloads', downloads], ['searches', searches]] as const) {
    if (tally.unmarked > 0) problems.push(`${tally.unmarked} refused ${kind} came without Retry-After or the RateLimit fields`);
    if (tally.other.size > 0) problems.push(`${kind} answered other than 200, 429 or 503: ${[...tally.other].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
    if (tally.tooMany + tally.busy === 0) problems.push(`no ${kind} were refused: one address got all it asked for`);
  }

  const ms = (value: number) => value.toFixed(1);
  const each = (list: readonly { p99: number }[]) => list.map((m) => ms(m.p99)).join(', ');
  return {
    attack: 'expensive calls',
    figures: {
      'attack (from 127.0.0.1)': `${DOWNLOADS} downloads and ${SEARCHES} searches of "${word}" (${hits} hits) kept in flight, ${rounds} × ${phase.toFixed(0)} s (${attackSeconds.toFixed(0)} s in all)`,
      'cached section p99 idle (ms)': Number(ms(idleP99)),
      'cached section p99 under attack (ms)': Number(ms(loadedP99)),
      'p99 under attack ÷ idle': Number(ratio.toFixed(2)),
      'cached section p99 of each round, idle | under attack (ms)': `${each(idle)} | ${each(loaded)}`,
      'cached section p50 idle / under attack (ms)': `${ms(middle(idle.map((m) => m.p50)))} / ${ms(middle(loaded.map((m) => m.p50)))}`,
      'site process CPU idle / under attack (cores)': `${middle(idle.map((m) => m.cores)).toFixed(2)} / ${middle(loaded.map((m) => m.cores)).toFixed(2)}`,
      downloads: describeTally(downloads),
      searches: describeTally(searches),
      'refusals without Retry-After or the RateLimit fields': downloads.unmarked + searches.unmarked,
      'answers other than 200, 429 or 503': [...downloads.other.values(), ...searches.other.values()].reduce((a, b) => a + b, 0),
    },
    problems,
  };
};
