/**
 * Fills the value pool before fuzzing: every GET operation called validly, keeping every value
 * of every JSON answer, with the request's path parameters beside each object's values.
 */
import { seededRandom } from '@epos/platform/testkit/seeded-random';
import type { IdentityName } from './fuzz-request.js';
import type { Transport } from './http-transport.js';
import type { Identities } from './identities.js';
import type { Operation } from './openapi-operations.js';
import { baselineOf } from './request-variants.js';
import type { ValuePool } from './value-pool.js';

const CRAWLERS: readonly IdentityName[] = ['admin', 'blogger', 'reader'];

/** Variants of each operation with path parameters tried per round: different posts, blogs, sentences. */
const TRIES_WITH_PARAMETERS = 4;

export async function crawl(options: {
  operations: readonly Operation[];
  transport: Transport;
  identities: Identities;
  pool: ValuePool;
  seed: number;
}): Promise<number> {
  const { operations, transport, identities, pool } = options;
  const gets = operations.filter((o) => o.method === 'GET' && o.route !== 'GET /api/tts');
  const withParameters = gets.filter((o) => o.path.includes('{'));
  // Those without path parameters as every signed-in identity (their own blogs, notes…), then
  // those with, twice as the pool grows, as the admin (who may read everything).
  const rounds: { operations: Operation[]; identities: readonly IdentityName[]; tries: number }[] = [
    { operations: gets.filter((o) => !o.path.includes('{')), identities: CRAWLERS, tries: 1 },
    { operations: withParameters, identities: ['admin'], tries: TRIES_WITH_PARAMETERS },
    { operations: withParameters, identities: ['admin'], tries: TRIES_WITH_PARAMETERS },
  ];
  let sent = 0;
  for (const [round, plan] of rounds.entries()) {
    for (const [index, operation] of plan.operations.entries()) {
      for (let attempt = 0; attempt < plan.tries; attempt++) {
        const random = seededRandom(options.seed + round * 7919 + index * 31 + attempt);
        const valid = baselineOf(operation, { pool, random });
        for (const identity of plan.identities) {
          const response = await transport.send({ method: 'GET', path: valid.path, headers: identities.headersFor(identity, 'omit'), body: null });
          sent++;
          if (response instanceof Error || response.status !== 200) continue;
          identities.remember(identity, response);
          const parameters = pathParameters(operation.path, valid.path);
          if (!['', '[]', '{}'].includes(response.body.trim()) && Object.keys(parameters).length > 0) pool.confirmPath(operation.route, parameters);
          try {
            pool.harvest(JSON.parse(response.body) as unknown, '', parameters);
          } catch {
            // Not JSON (a feed, audio): nothing to keep.
          }
        }
      }
    }
  }
  return sent;
}

/** The values of a path's parameters, by the template's names: `/a/{blog}` and `/a/notes` give `{ blog: 'notes' }`. */
function pathParameters(template: string, path: string): Record<string, string> {
  const names = template.split('/');
  const values = path.split('?')[0]!.split('/');
  const found: Record<string, string> = {};
  names.forEach((segment, i) => {
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    if (name && values[i] !== undefined) {
      try {
        found[name] = decodeURIComponent(values[i]);
      } catch {
        // Not a value worth keeping.
      }
    }
  });
  return found;
}
