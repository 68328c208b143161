import { describe, expect, it } from 'vitest';
import type { EventLedger } from '../testkit/event-ledger.js';
import type { FuzzRequest } from './fuzz-request.js';
import type { RawRequest, RawResponse, Transport } from './http-transport.js';
import { Identities } from './identities.js';
import { RequestSender } from './request-sender.js';

/** An API in a few lines: the anti-forgery token, and whatever `answer` says for the rest. */
function fakeApi(answer: (request: RawRequest) => RawResponse): Transport & { seen: RawRequest[] } {
  const seen: RawRequest[] = [];
  return {
    seen,
    async send(request) {
      seen.push(request);
      if (request.path === '/api/csrf') return { status: 200, headers: { 'set-cookie': 'epos_csrf=secret; Path=/' }, body: '{"token":"t0ken"}', ms: 1 };
      return answer(request);
    },
  };
}

const json = (status: number, body: unknown): RawResponse => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ms: 1 });
const request = (changes: Partial<FuzzRequest> = {}): FuzzRequest => ({
  route: 'POST /x',
  method: 'POST',
  path: '/x',
  identity: 'anonymous',
  headers: { 'content-type': 'application/json' },
  body: '{}',
  attack: 'body a = NUL',
  nonCanonicalNumber: false,
  ...changes,
});

async function senderFor(api: Transport, ledger: EventLedger | null = null) {
  const identities = new Identities(api, {}, null);
  await identities.setUp(['anonymous']);
  return new RequestSender(api, identities, ['POST /x'], ledger);
}

describe('RequestSender', () => {
  it('sends the identity’s cookie and token, a uuid request id, and tallies the answers', async () => {
    const api = fakeApi(() => json(400, { error: 'validation' }));
    const sender = await senderFor(api);
    await sender.send(request());
    const sent = api.seen.at(-1)!;
    expect(sent.headers).toMatchObject({ cookie: 'epos_csrf=secret', 'x-csrf-token': 't0ken', 'content-type': 'application/json' });
    expect(sent.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sender.tally.all()[0]).toMatchObject({ route: 'POST /x', requests: 1, refused4xx: 1 });
    await sender.send(request({ csrf: 'omit' }));
    expect(api.seen.at(-1)!.headers['x-csrf-token']).toBeUndefined();
  });

  it('reports a refused request whose correlation id events carry', async () => {
    const api = fakeApi(() => json(403, { error: 'forbidden' }));
    const appendedBy = new Set<string>();
    const ledger: EventLedger = {
      countsFor: async (ids) => new Map(ids.filter((id) => appendedBy.has(id)).map((id) => [id, 2])),
      close: async () => undefined,
    };
    const sender = await senderFor(api, ledger);
    await sender.send(request({ attack: 'innocent' }));
    await sender.send(request({ attack: 'guilty' }));
    appendedBy.add(api.seen.at(-1)!.headers['x-request-id']!);
    const found = await sender.refusedWithEvents();
    expect(found.map((f) => [f.request.attack, f.findings[0]!.kind, f.findings[0]!.detail])).toEqual([
      ['guilty', 'refused-with-events', "2 event(s) carry this request's correlation id"],
    ]);
  });

  it('without a ledger, reports a refused write that moved the head position', async () => {
    let head = 10;
    const api = fakeApi((sent) => (sent.path === '/api/health' ? json(200, { head: String(head) }) : (head++, json(400, { error: 'validation' }))));
    const sender = await senderFor(api);
    await sender.send(request());
    expect(sender.failures.map((f) => f.findings[0]!.detail)).toEqual(['the head moved from 10 to 11 (other writers may have moved it)']);
  });

  it('keeps failing answers, deliberate 503s and accepted non-canonical numbers apart', async () => {
    const answers = [json(500, { error: 'internal' }), json(503, { error: 'speech_unavailable' }), json(200, { type: 1 })];
    const api = fakeApi((sent) => (sent.path === '/api/health' ? json(200, { head: '1' }) : answers.shift()!));
    const sender = await senderFor(api);
    await sender.send(request());
    await sender.send(request());
    await sender.send(request({ nonCanonicalNumber: true, attack: 'body id = true' }));
    expect(sender.failures.map((f) => f.findings.map((x) => x.kind))).toEqual([['server-error']]);
    expect([...sender.deliberate]).toEqual([['POST /x speech_unavailable', 1]]);
    expect(sender.lenient.map((f) => f.request.attack)).toEqual(['body id = true']);
    expect(sender.tally.all()[0]).toMatchObject({ requests: 3, ok2xx: 1, failed5xx: 1, deliberate503: 1 });
  });
});
