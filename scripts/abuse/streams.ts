/**
 * The stream attack: a demo reader opens notification streams (server-sent events, each holding a
 * socket and its memory until closed) until the site refuses, first from one session, then from
 * ever more sessions at the same address; then logs every session out. Bounds: no session, address
 * or process holds more streams than its cap (STREAMS_PER_SESSION, STREAMS_PER_ADDRESS,
 * STREAMS_PER_PROCESS), each refusal is a 429 with Retry-After naming the cap reached, exactly at
 * that cap; and logging out ends every stream of the session within a few seconds.
 */
import { loadConfig } from '@epos/platform';
import { holdStream, type HeldStream } from '@epos/api/testkit/event-stream';
import { MIB, residentBytes } from '../load/memory.js';
import { SiteClient } from '../testkit/site-client.js';
import type { AbuseReport, AbuseTarget, Attack } from './attack.js';

const READER = { userName: 'reader', password: 'demo-reader-password' };
/** How long the streams of a session that logged out may take to end. */
const END_WITHIN_MS = 5_000;
/** Streams asked for at once while filling a session. */
const AT_ONCE = 25;
const REFUSAL = /^Too many notification streams open (in this session|from your address|on this server) \(at most (\d+)\)/;

type Scope = 'in this session' | 'from your address' | 'on this server';

interface Session {
  client: SiteClient;
  streams: HeldStream[];
}

export const streamsAttack: Attack = async (target: AbuseTarget): Promise<AbuseReport> => {
  const { base, pid } = target.site;
  const deadline = performance.now() + target.seconds * 1000;
  const config = loadConfig({ NODE_ENV: 'development', ...target.settings });
  const caps: Record<Scope, number> = {
    'in this session': config.STREAMS_PER_SESSION,
    'from your address': config.STREAMS_PER_ADDRESS,
    'on this server': config.STREAMS_PER_PROCESS,
  };
  const problems: string[] = [];
  const refusals = new Map<Scope, string>();
  /** The most streams held beyond each cap. */
  const over = new Map<Scope, number>();
  const sessions: Session[] = [];
  const held = () => sessions.reduce((n, s) => n + s.streams.length, 0);
  const rssBefore = residentBytes(pid);

  const logIn = async (): Promise<Session> => {
    const client = new SiteClient(base);
    await client.login(READER.userName, READER.password);
    const session = { client, streams: [] };
    sessions.push(session);
    return session;
  };

  /** Opens streams in `session` until one is refused; answers the cap the refusal named, or null when time ran out first. */
  const fill = async (session: Session): Promise<Scope | null> => {
    // Past every cap the site has, a refusal that never comes is a broken bound, not a slow one.
    const limit = Math.min(caps['in this session'], caps['from your address'], caps['on this server']) + AT_ONCE;
    for (let asked = 0; asked <= limit && performance.now() < deadline;) {
      const batch = await Promise.all(Array.from({ length: AT_ONCE }, () => holdStream(base, { cookie: session.client.cookieHeader() })));
      asked += batch.length;
      const opened = batch.filter((s) => s.status === 200);
      session.streams.push(...opened);
      const counts: Record<Scope, number> = { 'in this session': session.streams.length, 'from your address': held(), 'on this server': held() };
      for (const scope of Object.keys(caps) as Scope[]) if (counts[scope] > caps[scope]) over.set(scope, Math.max(over.get(scope) ?? 0, counts[scope]));
      const refused = batch.find((s) => s.status !== 200);
      if (!refused) continue;
      const scope = checkRefusal(refused, counts);
      if (scope) return scope;
      return null;
    }
    if (performance.now() < deadline) problems.push(`no refusal after ${session.streams.length} streams in one session`);
    return null;
  };

  /** The cap a refusal named, after checking it is the site's clear answer, given at that very cap. */
  const checkRefusal = (refused: HeldStream, counts: Record<Scope, number>): Scope | null => {
    const message = ((): string => {
      try {
        return String((JSON.parse(refused.refusal) as { message?: unknown }).message ?? '');
      } catch {
        return refused.refusal.slice(0, 200);
      }
    })();
    const named = REFUSAL.exec(message);
    if (refused.status !== 429 || !refused.headers.get('retry-after') || !named) {
      problems.push(
        `a stream was refused with ${refused.status} (Retry-After ${refused.headers.get('retry-after') ?? 'none'}): "${message}", not a 429 naming the cap reached`,
      );
      return null;
    }
    const scope = named[1] as Scope;
    if (Number(named[2]) !== caps[scope]) problems.push(`the refusal says at most ${named[2]} streams ${scope}; the cap is ${caps[scope]}`);
    if (counts[scope] < caps[scope]) problems.push(`refused at ${counts[scope]} streams ${scope}, before its cap of ${caps[scope]}`);
    refusals.set(scope, `${message.slice(0, 70)}… (Retry-After ${refused.headers.get('retry-after')})`);
    return scope;
  };

  try {
    // One session, then more sessions at the same address, each filled until the site refuses.
    const first = await logIn();
    let scope = await fill(first);
    const oneSession = first.streams.length;
    while (scope === 'in this session' && performance.now() < deadline) scope = await fill(await logIn());
    const fromAddress = held();
    const rssHeld = residentBytes(pid);
    for (const [scope, most] of over) problems.push(`${most} streams held ${scope}, over its cap of ${caps[scope]}`);

    // Logging out ends every stream of the session, whichever the site holds.
    const loggedOut = performance.now();
    const logoffs = await Promise.all(sessions.map((s) => s.client.request('POST', '/logoff', { body: {} })));
    const failed = logoffs.filter((r) => !r.ok);
    if (failed.length > 0) problems.push(`logging out answered ${failed.map((r) => r.status).join(', ')}`);
    const open = () => sessions.flatMap((s) => s.streams).filter((s) => !s.ended()).length;
    while (open() > 0 && performance.now() - loggedOut < END_WITHIN_MS) await new Promise((r) => setTimeout(r, 50));
    const endedInMs = Math.round(performance.now() - loggedOut);
    const stillOpen = open();
    if (stillOpen > 0) problems.push(`${stillOpen} of ${held()} streams still open ${END_WITHIN_MS / 1000} s after their sessions logged out`);

    // The places they held are free again.
    const again = await logIn();
    const reopened = await holdStream(base, { cookie: again.client.cookieHeader() });
    again.streams.push(reopened);
    if (reopened.status !== 200) problems.push(`after logging out, a new session's stream was refused (${reopened.status}): closed streams keep their places`);

    return {
      attack: 'streams: notification streams opened until refused, from one session and from many, then logged out',
      figures: {
        'caps (session / address / process)': `${caps['in this session']} / ${caps['from your address']} / ${caps['on this server']}`,
        'streams held by one session': oneSession,
        'sessions logged in': sessions.length - 1,
        'streams held from one address': fromAddress,
        'refusals seen': [...refusals.keys()].join(', ') || 'none',
        ...Object.fromEntries([...refusals].map(([scope, message]) => [`refusal ${scope}`, message])),
        'RSS before the attack (MiB)': Math.round(rssBefore / MIB),
        'RSS with the streams held (MiB)': Math.round(rssHeld / MIB),
        // Below some hundreds of streams the logins' own memory (argon2 takes 19 MiB a hash) hides a stream's.
        ...(fromAddress >= 500 ? { 'RSS per held stream (KiB)': Math.round((rssHeld - rssBefore) / fromAddress / 1024) } : {}),
        'streams ended after logging out (ms)': stillOpen > 0 ? `${stillOpen} still open` : endedInMs,
      },
      problems,
    };
  } finally {
    for (const session of sessions) for (const stream of session.streams) stream.close();
  }
};
