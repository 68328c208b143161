/**
 * One fuzz run against a running API: read its OpenAPI document, sign the identities in, learn
 * real values, send every operation's valid request as each identity (which tells who may call
 * what), then the hostile requests until the budget is spent; finally check that no refused
 * request appended events.
 */
import type { EventLedger } from '../testkit/event-ledger.js';
import { crawl } from './crawl.js';
import { IDENTITY_NAMES, type FuzzRequest, type IdentityName } from './fuzz-request.js';
import { baselineRequests, generateRequests } from './generate-requests.js';
import { HttpTransport, type RawResponse } from './http-transport.js';
import { Identities, type Credentials, type Provisioner } from './identities.js';
import { learnFromAnswer } from './learn-from-answers.js';
import { operationsOf, type OpenApiDocument, type Operation } from './openapi-operations.js';
import { RequestSender, type Failure } from './request-sender.js';
import type { RouteStats } from './route-stats.js';
import { undocumentedBodies } from './undocumented-bodies.js';
import { ValuePool } from './value-pool.js';

export type { Failure } from './request-sender.js';

const DOCS_PATH = '/api/docs/json';

interface FuzzOptions {
  base: string;
  seed: number;
  tier: 1 | 2;
  maxRequests?: number;
  maxSeconds?: number;
  /** Sign-in names and passwords (a run against a site); or a provisioner making accounts (in-process). */
  credentials?: Partial<Record<IdentityName, Credentials>>;
  provision?: Provisioner | null;
  /** Reads events by correlation id; without it, refusals are checked by the head position (less sure). */
  ledger?: EventLedger | null;
  progress?: (line: string) => void;
  /** Sees every request and its answer (`--trace`). */
  trace?: (request: FuzzRequest, response: RawResponse | Error) => void;
}

export interface FuzzResult {
  base: string;
  operations: Operation[];
  /** Routes whose body the OpenAPI document does not describe (fuzzed from undocumented-bodies.ts). */
  undocumentedBodyRoutes: string[];
  stats: RouteStats[];
  total: number;
  seconds: number;
  /** All requests generated were sent (false: the budget ran out first). */
  complete: boolean;
  failures: Failure[];
  /** 2xx answers to a non-canonical number where a number is expected: not failures, worth a look. */
  lenient: Failure[];
  /** Deliberate 503s by route and error code. */
  deliberate: Map<string, number>;
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const started = performance.now();
  const log = options.progress ?? (() => undefined);
  const transport = new HttpTransport(options.base);
  try {
    const docs = await transport.send({ method: 'GET', path: DOCS_PATH, headers: {}, body: null });
    if (docs instanceof Error || docs.status !== 200)
      throw new Error(`could not read the OpenAPI document: ${docs instanceof Error ? docs.message : `${docs.status} ${docs.body.slice(0, 200)}`}`);
    const operations = operationsOf(JSON.parse(docs.body) as OpenApiDocument, undocumentedBodies());
    const identities = new Identities(transport, options.credentials ?? {}, options.provision ?? null);
    await identities.setUp(IDENTITY_NAMES);
    const pool = new ValuePool();
    for (const own of [...identities.userIds(), ...identities.userNames()]) pool.exclude(own);
    const crawled = await crawl({ operations, transport, identities, pool, seed: options.seed });
    log(`${operations.length} operations; ${crawled} crawl requests found ${pool.size} real values`);

    const sender = new RequestSender(
      transport,
      identities,
      operations.map((o) => o.route),
      options.ledger ?? null,
      options.trace,
    );
    const deadline = options.maxSeconds ? started + options.maxSeconds * 1000 : Number.POSITIVE_INFINITY;
    const maxRequests = options.maxRequests ?? Number.POSITIVE_INFINITY;
    let lastLog = performance.now();
    const budgetLeft = () => {
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        log(`${sender.sent} requests, ${sender.failures.length} findings so far`);
      }
      return sender.sent < maxRequests && performance.now() < deadline;
    };

    const allowed = await sendValidRequests({ operations, pool, options, sender, budgetLeft });
    const requests = generateRequests({ operations, pool, seed: options.seed, tier: options.tier, allowed: (route) => allowed.get(route) ?? IDENTITY_NAMES });
    log(`${sender.sent} valid requests sent; ${requests.length} hostile requests generated`);
    let index = 0;
    for (; index < requests.length && budgetLeft(); index++) await sender.send(requests[index]!);

    return {
      base: options.base,
      operations,
      undocumentedBodyRoutes: operations.filter((o) => o.body && !o.body.documented).map((o) => o.route),
      stats: sender.tally.all(),
      total: sender.sent,
      seconds: (performance.now() - started) / 1000,
      complete: index === requests.length,
      failures: [...sender.failures, ...(await sender.refusedWithEvents())],
      lenient: sender.lenient,
      deliberate: sender.deliberate,
    };
  } finally {
    await transport.close();
  }
}

/**
 * Every operation's valid request as every identity: who gets past each route's permission
 * check. A 400 naming the values it wants (or a 409 saying a value is taken) teaches them; the
 * valid requests refused so are then tried once more.
 */
async function sendValidRequests(run: {
  operations: readonly Operation[];
  pool: ValuePool;
  options: FuzzOptions;
  sender: RequestSender;
  budgetLeft: () => boolean;
}): Promise<Map<string, IdentityName[]>> {
  const { pool, options, sender } = run;
  const allowed = new Map<string, IdentityName[]>();
  let learning = run.operations;
  for (let pass = 0; pass < 2 && learning.length > 0; pass++) {
    const refused = new Set<string>();
    let learnt = 0;
    for (const request of baselineRequests({ operations: learning, pool, seed: options.seed })) {
      if (!run.budgetLeft()) break;
      if (request.identity === IDENTITY_NAMES[0]) allowed.set(request.route, []);
      const response = await sender.send(request);
      if (response instanceof Error) continue;
      if (response.status !== 401 && response.status !== 403) allowed.get(request.route)?.push(request.identity);
      if (response.status === 400 || response.status === 409) {
        refused.add(request.route);
        learnt += learnFromAnswer(pool, response.status, response.body);
      }
    }
    learning = learnt > 0 ? run.operations.filter((o) => refused.has(o.route)) : [];
  }
  return allowed;
}
