/** The run's report: the per-route table, every failing request in full, and the failures grouped. */
import type { FuzzRequest } from './fuzz-request.js';
import type { Failure, FuzzResult } from './fuzz-run.js';
import type { RawResponse } from './http-transport.js';
import type { RouteStats } from './route-stats.js';

const BODY_EXCERPT = 400;

/** Text that may hold control characters or raw bytes, shown with escapes and cut. */
function shown(body: string | Buffer | null, max = BODY_EXCERPT): string {
  if (body === null) return '(none)';
  const text = Buffer.isBuffer(body) ? body.subarray(0, max * 2).toString('latin1') : body;
  const cut = text.length > max ? `${text.slice(0, max)}… (${Buffer.isBuffer(body) ? body.length : text.length} in all)` : text;
  return JSON.stringify(cut);
}

function routeTable(stats: readonly RouteStats[]): string {
  const header = ['route', 'requests', '2xx', '3xx', '4xx', '5xx', '503 by design', 'no answer', 'mean ms'];
  const mean = (ms: number, n: number) => (n > 0 ? (ms / n).toFixed(1) : '-');
  const rows = stats.map((s) => [
    ...[s.route, s.requests, s.ok2xx, s.redirect3xx, s.refused4xx, s.failed5xx, s.deliberate503, s.noAnswer].map(String),
    mean(s.ms, s.requests),
  ]);
  const sum = (i: number) => rows.reduce((total, r) => total + Number(r[i]), 0);
  const totals = [
    'total',
    ...[1, 2, 3, 4, 5, 6, 7].map((i) => String(sum(i))),
    mean(
      stats.reduce((t, s) => t + s.ms, 0),
      sum(1),
    ),
  ];
  const all = [header, ...rows, totals];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line), line(totals)].join('\n');
}

/** One failing request as someone reproducing it needs it. */
export function describeFailure(failure: Failure, base: string): string {
  const { request } = failure;
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== 'cookie' && name !== 'x-forwarded-for')
    .map(([name, value]) => `${name}: ${name === 'x-csrf-token' ? '(the identity’s valid token)' : value}`);
  return [
    `${failure.findings.map((f) => `[${f.kind}] ${f.detail}`).join('; ')}`,
    `  ${request.method} ${base}${shownPath(request.path)}`,
    `  as ${request.identity}${request.identity === 'anonymous' ? '' : ' (session cookie)'}; attack: ${request.attack}`,
    ...headers.map((h) => `  ${h}`),
    `  body: ${shown(request.body)}`,
    `  → ${failure.status ?? 'no answer'} ${Object.entries(failure.responseHeaders)
      .filter(([h]) => h !== 'x-request-id')
      .map(([h, v]) => `${h}: ${v}`)
      .join(', ')}`,
    `  answer: ${shown(failure.responseBody, 600)}`,
  ].join('\n');
}

function shownPath(path: string): string {
  return path.length > 300 ? `${path.slice(0, 300)}… (${path.length} characters)` : path;
}

interface FailureGroup {
  route: string;
  kind: string;
  count: number;
  attacks: string[];
  first: Failure;
}

/** Failures by route and kind, with the attacks that caused them and one request to reproduce. */
function groupFailures(failures: readonly Failure[]): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const failure of failures) {
    for (const finding of failure.findings) {
      const key = `${failure.request.route}\u0000${finding.kind}`;
      const group = groups.get(key) ?? { route: failure.request.route, kind: finding.kind, count: 0, attacks: [], first: failure };
      group.count++;
      if (!group.attacks.includes(failure.request.attack) && group.attacks.length < 12) group.attacks.push(failure.request.attack);
      groups.set(key, group);
    }
  }
  return [...groups.values()].sort((a, b) => a.route.localeCompare(b.route) || a.kind.localeCompare(b.kind));
}

export function fullReport(result: FuzzResult): string {
  const out: string[] = [];
  out.push(
    `fuzzed ${result.base}: ${result.total} requests over ${result.operations.length} operations in ${result.seconds.toFixed(1)} s${result.complete ? '' : ' (budget spent before every generated request was sent)'}`,
  );
  if (result.undocumentedBodyRoutes.length > 0)
    out.push(`bodies not described by the OpenAPI document (fuzzed from scripts/fuzz/undocumented-bodies.ts): ${result.undocumentedBodyRoutes.join(', ')}`);
  out.push('', routeTable(result.stats), '');
  if (result.failures.length > 0) {
    out.push(`${result.failures.length} failing request(s):`, '');
    for (const failure of result.failures) out.push(describeFailure(failure, result.base), '');
  }
  if (result.deliberate.size > 0)
    out.push(`503s the API gives on purpose (not failures): ${[...result.deliberate].map(([key, n]) => `${key} ×${n}`).join(', ')}`, '');
  if (result.lenient.length > 0) {
    out.push(`${result.lenient.length} non-canonical number(s) accepted (2xx; not failures, but the API reads them as numbers):`);
    for (const group of groupLenient(result.lenient)) out.push(`  ${group}`);
    out.push('');
  }
  const groups = groupFailures(result.failures);
  out.push(
    groups.length === 0 ? 'no failures: no answer ≥ 500, no leak, no refused request with events' : `${groups.length} distinct failure(s) (route + kind):`,
  );
  for (const group of groups) {
    out.push(`  ${group.route}  [${group.kind}] ×${group.count}: ${group.attacks.join(' | ')}`);
    out.push(
      `    e.g. ${group.first.request.method} ${shownPath(group.first.request.path)} as ${group.first.request.identity}, body ${shown(group.first.request.body, 160)} → ${group.first.status ?? 'no answer'} ${shown(group.first.responseBody, 160)}`,
    );
  }
  return out.join('\n');
}

function groupLenient(lenient: readonly Failure[]): string[] {
  const byRoute = new Map<string, Set<string>>();
  for (const failure of lenient) {
    const attacks = byRoute.get(failure.request.route) ?? new Set<string>();
    attacks.add(failure.request.attack);
    byRoute.set(failure.request.route, attacks);
  }
  return [...byRoute].map(([route, attacks]) => `${route}: ${[...attacks].join(' | ')}`);
}

/** `--trace`: each request whose route or attack matches, with its answer. */
export function traceTo(pattern: RegExp, print: (line: string) => void = console.log) {
  return (request: FuzzRequest, response: RawResponse | Error) => {
    if (!pattern.test(`${request.route} ${request.attack}`)) return;
    const answer = response instanceof Error ? `no answer: ${response.message}` : `${response.status} ${shown(response.body, 300)}`;
    print(`${request.method} ${shown(request.path, 200)} as ${request.identity} [${request.attack}] body ${shown(request.body, 300)}\n  → ${answer}`);
  };
}

/** `--json`: the result with bodies cut to 2,000 characters (raw bytes as latin1). */
export function resultAsJson(result: FuzzResult): unknown {
  const body = (value: string | Buffer | null) => (Buffer.isBuffer(value) ? value.toString('latin1') : value)?.slice(0, 2000) ?? null;
  return {
    ...result,
    operations: result.operations.map((o) => o.route),
    deliberate: Object.fromEntries(result.deliberate),
    failures: result.failures.map((f) => ({ ...f, request: { ...f.request, body: body(f.request.body) }, responseBody: f.responseBody.slice(0, 2000) })),
    lenient: result.lenient.map((f) => ({
      route: f.request.route,
      attack: f.request.attack,
      method: f.request.method,
      path: f.request.path,
      status: f.status,
    })),
  };
}
