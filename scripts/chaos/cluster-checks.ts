/**
 * What the chaos run checks once the load has stopped and the processes have caught up, each
 * returning its violations (an empty list when it holds) and a line of figures.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { attemptRecords } from '@epos/schemas';
import { keyHash } from '@epos/platform/mail/compose';
import { OUTBOX_ID, outboxDir, sentMailKey } from '@epos/platform/mail/index';
import type { ChaosAnswer } from './cluster-load.js';

export interface CheckResult {
  name: string;
  figures: string;
  violations: string[];
}

/** A window of time (Date.now()) in which some failures are expected. */
export interface Window {
  from: number;
  to: number;
}

const isOk = (a: ChaosAnswer) => a.status >= 200 && a.status < 300;
const within = (t: number, windows: readonly Window[]) => windows.some((w) => t >= w.from && t <= w.to);
const describe = (a: ChaosAnswer) =>
  `${a.status === 0 ? `no answer (${a.error})` : a.status} ${a.method} ${a.path}${a.upstream ? ` via ${a.upstream}` : ''}${a.detail ? `: ${a.detail}` : ''}`;

/** When failures of a kind are expected, and why. */
export interface ExpectedFailures {
  /** PostgreSQL down, and reconnecting after its start: 503 with Retry-After. */
  outages: readonly Window[];
  /** Just after a kill: requests in flight to a killed API are cut (502 from the proxy, or no answer). */
  kills: readonly Window[];
  /**
   * After a projections process is killed, until the read models have caught up again: the other
   * takes its leases over once they expire, and meanwhile a read that must see a write answers
   * 503 not_consistent_yet with Retry-After.
   */
  takeovers: readonly Window[];
}

/**
 * No answer ≥ 500 but the expected ones (see ExpectedFailures), and no request without an
 * answer; the expected ones are counted in the figures.
 */
export function checkAnswers(answers: readonly ChaosAnswer[], expected: ExpectedFailures): CheckResult {
  const cut = (a: ChaosAnswer) => (a.status === 0 || (a.status === 502 && a.proxyError !== null)) && within(a.at, expected.kills);
  const outage503 = (a: ChaosAnswer) => a.status === 503 && a.retryAfter !== null && within(a.at, expected.outages);
  const takeover503 = (a: ChaosAnswer) =>
    a.status === 503 && a.retryAfter !== null && (a.detail ?? '').includes('not_consistent_yet') && within(a.at, expected.takeovers) && !outage503(a);
  const bad = answers.filter((a) => (a.status === 0 || a.status >= 500) && !cut(a) && !outage503(a) && !takeover503(a));
  const counts = new Map<string, number>();
  for (const a of answers) counts.set(String(a.status), (counts.get(String(a.status)) ?? 0) + 1);
  const byKind = new Map<string, number>();
  for (const a of bad) byKind.set(describe(a), (byKind.get(describe(a)) ?? 0) + 1);
  return {
    name: 'answers',
    figures:
      `${answers.length} answers (${[...counts]
        .sort()
        .map(([s, n]) => `${n} × ${s}`)
        .join(', ')}); ${answers.filter(cut).length} cut by a kill; ` +
      `${answers.filter(outage503).length} × 503 with Retry-After during the PostgreSQL outage; ${answers.filter(takeover503).length} × 503 not_consistent_yet while a killed projections process's leases were taken over`,
    violations: [...byKind].map(([kind, n]) => `${n} × ${kind}`),
  };
}

interface LoggedEvent {
  correlationId: string;
  type: string;
  data: Record<string, unknown>;
  recordedAt: Date;
  timestamp: string;
}

/** The events carrying these correlation ids (records of attempts left out). */
export async function eventsByCorrelation(client: pg.Client, ids: readonly string[]): Promise<Map<string, LoggedEvent[]>> {
  const found = new Map<string, LoggedEvent[]>();
  for (let i = 0; i < ids.length; i += 5000) {
    const { rows } = await client.query<{ id: string; type: string; data: Record<string, unknown>; recorded_at: Date; timestamp: string }>(
      `select metadata->>'correlationId' as id, type, data, recorded_at, metadata->>'timestamp' as timestamp
         from events where metadata->>'correlationId' = any($1::text[]) and type <> all($2::text[]) order by global_position`,
      [ids.slice(i, i + 5000), [...attemptRecords]],
    );
    for (const row of rows) {
      const list = found.get(row.id) ?? [];
      list.push({ correlationId: row.id, type: row.type, data: row.data, recordedAt: row.recorded_at, timestamp: row.timestamp });
      found.set(row.id, list);
    }
  }
  return found;
}

/** Every write answered 2xx appended one set of events: some, and no event type twice (a second set would repeat them). */
export function checkAcknowledgedWrites(answers: readonly ChaosAnswer[], events: ReadonlyMap<string, readonly LoggedEvent[]>): CheckResult {
  const acknowledged = answers.filter((a) => a.requestId && isOk(a));
  const lost = acknowledged.filter((a) => (events.get(a.requestId!) ?? []).length === 0);
  const twice = acknowledged.filter((a) => {
    const types = (events.get(a.requestId!) ?? []).map((e) => e.type);
    return new Set(types).size !== types.length;
  });
  const byCommand = new Map<string, number>();
  for (const a of acknowledged) byCommand.set(a.command!, (byCommand.get(a.command!) ?? 0) + 1);
  const refused = new Map<string, number>();
  for (const a of answers.filter((a) => a.requestId && !isOk(a))) {
    const key = `${a.status} ${a.command}${a.detail ? ` ${/"error":"([^"]+)"/.exec(a.detail)?.[1] ?? ''}` : ''}`.trim();
    refused.set(key, (refused.get(key) ?? 0) + 1);
  }
  return {
    name: 'acknowledged writes in the log exactly once',
    figures: `${acknowledged.length} writes answered 2xx (${[...byCommand].map(([c, n]) => `${n} ${c}`).join(', ')}); not: ${[...refused].map(([k, n]) => `${n} × ${k}`).join(', ') || 'none'}`,
    violations: [
      ...lost.map((a) => `lost: ${a.command} ${a.requestId} (${describe(a)})`),
      ...twice.map((a) => `stored twice: ${a.command} ${a.requestId}: ${(events.get(a.requestId!) ?? []).map((e) => e.type).join(', ')}`),
    ],
  };
}

/** Every scheduled post answered 2xx: exactly one PostPublished, not before its publishAt. */
export async function checkScheduledPosts(client: pg.Client, answers: readonly ChaosAnswer[]): Promise<CheckResult> {
  const scheduled = answers.filter((a) => a.command === 'scheduled-post' && isOk(a) && a.postId && a.publishAt);
  const { rows } = await client.query<{ post_id: string; published_at: string; recorded_at: Date; timestamp: string }>(
    `select data->>'postId' as post_id, data->>'publishedAt' as published_at, recorded_at, metadata->>'timestamp' as timestamp
       from events where type = 'PostPublished' and data->>'postId' = any($1::text[])`,
    [scheduled.map((a) => a.postId!)],
  );
  const violations: string[] = [];
  let lateMs = 0;
  for (const post of scheduled) {
    const published = rows.filter((r) => r.post_id === post.postId);
    if (published.length !== 1) {
      violations.push(`post ${post.postId} (due ${post.publishAt}) published ${published.length} times`);
      continue;
    }
    const due = Date.parse(post.publishAt!);
    const event = published[0]!;
    const at = Math.min(Date.parse(event.published_at), Date.parse(event.timestamp), event.recorded_at.getTime());
    if (at < due) violations.push(`post ${post.postId} published at ${new Date(at).toISOString()}, before it was due (${post.publishAt})`);
    lateMs = Math.max(lateMs, event.recorded_at.getTime() - due);
  }
  return {
    name: 'scheduled posts published once, not early',
    figures: `${scheduled.length} scheduled posts, the latest published ${lateMs} ms after it was due`,
    violations,
  };
}

/** The outbox suffix of the mail job `jobId`: the outbox names a keyed mail's files by its key's hash. */
export const outboxSuffix = (jobId: string) => keyHash(sentMailKey(jobId)).slice(0, 16);

/**
 * Every mail job ran once: no mail twice in the outbox (two files of one idempotency key), every
 * mail recorded as sent since `since` is there, and each comment answered 2xx on someone else's
 * post mailed its author (job `comment-<comment id>`).
 */
export async function checkMails(client: pg.Client, dataDir: string, commentIds: readonly string[], since: Date): Promise<CheckResult> {
  const suffixes = await outboxSuffixes(dataDir);
  const counts = new Map<string, number>();
  for (const s of suffixes) counts.set(s, (counts.get(s) ?? 0) + 1);
  const violations = [...counts].filter(([, n]) => n > 1).map(([s, n]) => `the mail with key hash ${s} is in the outbox ${n} times`);
  const { rows } = await client.query<{ key: string }>(`select key from effects_done where key like 'mail.send:%' and done_at >= $1`, [since]);
  const recorded = rows.map((r) => keyHash(r.key).slice(0, 16));
  const missingRecorded = rows.filter((_, i) => !counts.has(recorded[i]!));
  violations.push(...missingRecorded.map((r) => `${r.key} is recorded as sent but not in the outbox`));
  const missingComments = commentIds.filter((id) => !counts.has(outboxSuffix(`comment-${id}`)));
  violations.push(...missingComments.map((id) => `no mail to the author about comment ${id}`));
  return {
    name: 'mail jobs ran once',
    figures: `${suffixes.length} mails in the outbox (${counts.size} distinct), ${rows.length} recorded as sent, ${commentIds.length} comment mails expected`,
    violations,
  };
}

export async function outboxSuffixes(dataDir: string): Promise<string[]> {
  const names = await fs.readdir(outboxDir(dataDir)).catch(() => [] as string[]);
  return names
    .filter((n) => n.endsWith('.json'))
    .map((n) => path.basename(n, '.json'))
    .filter((id) => OUTBOX_ID.test(id))
    .map((id) => id.slice(-16));
}

/** The comment ids the reader's acknowledged comments created (their CommentPosted events). */
export function commentIdsOf(answers: readonly ChaosAnswer[], events: ReadonlyMap<string, readonly LoggedEvent[]>): string[] {
  return answers
    .filter((a) => a.command === 'comment' && isOk(a))
    .flatMap((a) => (events.get(a.requestId!) ?? []).filter((e) => e.type === 'CommentPosted').map((e) => String(e.data.commentId)));
}
