/**
 * The expensive-call attack's load in a process of its own: `node --import tsx ask-again-process.ts
 * <base> <askers as JSON>` keeps each asker's `connections` requests in flight without pause (a
 * refusal is followed by the next request at once, Retry-After ignored), prints `asking` once they
 * are under way, and on SIGTERM lets the requests in flight end, then prints one JSON line: each
 * asker's tally. Run at the lowest priority (./expensive-calls.ts), it cannot starve the client
 * that measures the site on the same core.
 */
import { Pool } from 'undici';

export interface Asker {
  label: string;
  /** The paths its connections ask, the i-th connection the (i mod length)-th. */
  paths: string[];
  connections: number;
}

export interface Tally {
  answered: number;
  tooMany: number;
  busy: number;
  /** Refusals (429, 503) without Retry-After or the RateLimit fields. */
  unmarked: number;
  /** Anything else: other statuses, failed connections, by name. */
  other: Record<string, number>;
}

const [base, askersJson] = process.argv.slice(2);
const askers = JSON.parse(askersJson!) as Asker[];
const pool = new Pool(base!, { connections: askers.reduce((sum, a) => sum + a.connections, 0) });
let going = true;
process.on('SIGTERM', () => (going = false));

async function keepAsking(path: string, tally: Tally): Promise<void> {
  while (going) {
    try {
      const { statusCode, headers, body } = await pool.request({ path, method: 'GET' });
      for await (const chunk of body) void chunk;
      if (statusCode === 200) tally.answered++;
      else if (statusCode === 429 || statusCode === 503) {
        if (statusCode === 429) tally.tooMany++;
        else tally.busy++;
        if (!headers['retry-after'] || !headers.ratelimit || !headers['ratelimit-policy']) tally.unmarked++;
      } else tally.other[statusCode] = (tally.other[statusCode] ?? 0) + 1;
    } catch (error) {
      const name = error instanceof Error ? error.name : 'error';
      tally.other[name] = (tally.other[name] ?? 0) + 1;
    }
  }
}

const tallies = Object.fromEntries(askers.map((a) => [a.label, { answered: 0, tooMany: 0, busy: 0, unmarked: 0, other: {} } as Tally]));
const asking = askers.flatMap((a) => Array.from({ length: a.connections }, (_, i) => keepAsking(a.paths[i % a.paths.length]!, tallies[a.label]!)));
console.log('asking');
await Promise.all(asking);
await pool.close();
console.log(JSON.stringify(tallies));
