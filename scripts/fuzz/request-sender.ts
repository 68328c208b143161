/**
 * Sends the fuzzer's requests one at a time as their identities, and keeps what the answers
 * show: the per-route tally, the failing requests with their answers, the refused requests (to
 * look for their events afterwards), the deliberate 503s and the lenient numbers.
 */
import { randomUUID } from 'node:crypto';
import type { EventLedger } from '../testkit/event-ledger.js';
import { errorCodeOf, findingsOf, isDeliberateUnavailable, type Finding } from './findings.js';
import { IDENTITY_NAMES, type FuzzRequest } from './fuzz-request.js';
import type { RawResponse, Transport } from './http-transport.js';
import type { Identities } from './identities.js';
import { RouteTally } from './route-stats.js';

/** A request that found something, with its answer. */
export interface Failure {
  request: FuzzRequest;
  requestId: string;
  status: number | null;
  responseHeaders: Record<string, string>;
  responseBody: string;
  findings: Finding[];
}

const KEPT_HEADERS = ['content-type', 'location', 'retry-after', 'x-request-id'];
/** Every so many requests each identity is checked to be signed in still. */
const IDENTITY_CHECK_EVERY = 250;

export class RequestSender {
  readonly tally: RouteTally;
  readonly failures: Failure[] = [];
  /** 2xx answers to a non-canonical number where a number is expected. */
  readonly lenient: Failure[] = [];
  /** Deliberate 503s by route and error code. */
  readonly deliberate = new Map<string, number>();
  private readonly refused = new Map<string, Failure>();
  sent = 0;

  constructor(
    private readonly transport: Transport,
    private readonly identities: Identities,
    routes: readonly string[],
    /** Without a ledger, a refused write is checked by the head position around it. */
    private readonly ledger: EventLedger | null,
    private readonly trace?: (request: FuzzRequest, response: RawResponse | Error) => void,
  ) {
    this.tally = new RouteTally(routes);
  }

  async send(request: FuzzRequest): Promise<RawResponse | Error> {
    const requestId = randomUUID();
    const n = this.sent;
    const headers = {
      ...this.identities.headersFor(request.identity, request.method === 'GET' ? 'omit' : (request.csrf ?? 'valid')),
      ...request.headers,
      // The API keeps a uuid X-Request-Id as the correlation id of the events the request appends.
      'x-request-id': requestId,
      // A new address each time: per-address rate limits (when the API trusts the proxy) stay out of the way.
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    };
    const headBefore = this.ledger || request.method === 'GET' ? null : await this.headPosition();
    const sentAt = performance.now();
    const response = await this.transport.send({ method: request.method, path: request.path, headers, body: request.body });
    const ms = performance.now() - sentAt;
    this.sent++;
    this.trace?.(request, response);
    const status = response instanceof Error ? null : response.status;
    const deliberate = !(response instanceof Error) && isDeliberateUnavailable(response);
    this.tally.count(request.route, status, deliberate, ms);
    const record = (findings: Finding[]): Failure => ({
      request: { ...request, headers },
      requestId,
      status,
      responseHeaders:
        response instanceof Error ? {} : Object.fromEntries(KEPT_HEADERS.flatMap((h) => (response.headers[h] ? [[h, String(response.headers[h])]] : []))),
      responseBody: response instanceof Error ? response.message : response.body,
      findings,
    });
    const findings = findingsOf(response);
    if (status !== null && status >= 400 && status < 500) {
      if (headBefore === null) this.refused.set(requestId, record([]));
      else {
        const headAfter = await this.headPosition();
        if (headAfter !== headBefore)
          findings.push({ kind: 'refused-with-events', detail: `the head moved from ${headBefore} to ${headAfter} (other writers may have moved it)` });
      }
    }
    if (findings.length > 0) this.failures.push(record(findings));
    if (deliberate) {
      const key = `${request.route} ${errorCodeOf((response as RawResponse).body)}`;
      this.deliberate.set(key, (this.deliberate.get(key) ?? 0) + 1);
    }
    if (request.nonCanonicalNumber && status !== null && status >= 200 && status < 300) this.lenient.push(record([]));
    if (!(response instanceof Error) && !this.identities.remember(request.identity, response)) await this.identities.ensure(request.identity);
    if (this.sent % IDENTITY_CHECK_EVERY === 0) for (const name of IDENTITY_NAMES) await this.identities.ensure(name);
    return response;
  }

  /** Refused requests whose correlation id some event carries (asked of the ledger once, at the end). */
  async refusedWithEvents(): Promise<Failure[]> {
    if (!this.ledger) return [];
    const counts = await this.ledger.countsFor([...this.refused.keys()]);
    return [...counts].map(([id, count]) => ({
      ...this.refused.get(id)!,
      findings: [{ kind: 'refused-with-events' as const, detail: `${count} event(s) carry this request's correlation id` }],
    }));
  }

  private async headPosition(): Promise<string | null> {
    const response = await this.transport.send({ method: 'GET', path: '/api/health', headers: {}, body: null });
    if (response instanceof Error || response.status !== 200) return null;
    return (JSON.parse(response.body) as { head?: string }).head ?? null;
  }
}
