import { setTimeout as sleep } from 'node:timers/promises';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from '@epos/platform';
import { HttpError } from '../http/error-handler.js';
import type { HitCounter } from './hit-counter.js';

/** At most `max` requests per `ms`. */
export interface LimitWindow {
  max: number;
  ms: number;
}

/** A limit and what it counts, for the message when it is reached ("notes", "password attempts"). */
export interface LimitRule {
  what: string;
  windows: readonly LimitWindow[];
  /** It counts what is not the caller's own (an account's password attempts, whoever makes them): never told in RateLimit fields. */
  untold?: boolean;
}

export const perMinute = (max: number): LimitWindow => ({ max, ms: 60_000 });
export const perHour = (max: number): LimitWindow => ({ max, ms: 3_600_000 });

/** The caller's address as limits count it: IPv6 callers by their /64, as @fastify/rate-limit does. */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

function span(ms: number): string {
  if (ms === 60_000) return 'a minute';
  if (ms === 3_600_000) return 'an hour';
  return ms % 60_000 === 0 ? `in ${ms / 60_000} minutes` : `in ${Math.ceil(ms / 1000)} seconds`;
}

/**
 * One window of a rule after a request, as draft-ietf-httpapi-ratelimit-headers names it: a quota
 * policy ("searches-per-minute", q requests in w seconds) and what is left of it (r, reset in t seconds).
 */
interface LimitState {
  policy: string;
  max: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

/** A policy's name: the rule's words and its window, as a token ("pdf-requests-per-hour"). */
function policyName(rule: LimitRule, ms: number): string {
  const per = ms === 60_000 ? 'minute' : ms === 3_600_000 ? 'hour' : ms === 86_400_000 ? 'day' : `${Math.ceil(ms / 1000)}s`;
  return `${rule.what
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-per-${per}`;
}

/** The draft's `RateLimit-Policy` and `RateLimit` fields (structured-field lists) for these windows. */
function rateLimitFields(states: readonly LimitState[]): Record<string, string> {
  return {
    'ratelimit-policy': states.map((s) => `"${s.policy}";q=${s.max};w=${s.windowSeconds}`).join(', '),
    ratelimit: states.map((s) => `"${s.policy}";r=${s.remaining};t=${s.resetSeconds}`).join(', '),
  };
}

/** The windows each request was counted in, told in its answer's RateLimit fields. */
const counted = new WeakMap<FastifyRequest, Map<string, LimitState>>();

/**
 * Every answer of a request counted against a limit, refused or not, tells where it stands:
 * `RateLimit-Policy` and `RateLimit`, beside `Retry-After` on a refusal. Not an answer shared
 * caches may keep (speech audio): a kept copy would tell someone else's counts, long after.
 */
export function registerRateLimitFields(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const states = counted.get(request);
    if (!states || states.size === 0 || String(reply.getHeader('cache-control') ?? '').includes('public')) return;
    reply.headers(rateLimitFields([...states.values()]));
  });
}

/** The most keys remembered as over their limit in one process. */
const MAX_REFUSING = 10_000;
/**
 * How long a refusal waits before it is answered: one to three seconds, at random. A client asking
 * again at once in a tight loop then asks about once in two seconds per connection (each refusal
 * costs the process about 0.7 ms), and the spread keeps a crowd refused together from coming back
 * together, wave after wave: 220 connections answered in the same instant held a cached read up to
 * 18 ms behind them.
 */
export const refusalPauseMs = (): number => 1000 + Math.random() * 2000;

/** A window counted: its state, when it resets (this process's clock), and the rule it belongs to. */
interface Counted {
  rule: LimitRule;
  key: string;
  state: LimitState;
  count: number;
  ms: number;
  resetAt: number;
}

/** Counts requests against limit rules in the shared counter. */
export class RateLimits {
  /** Keys found over a limit, refused from memory until that window ends: a flood of refusals costs no counting, and comes slower. */
  private readonly refusing = new Map<string, { windows: Counted[]; over: Counted }>();
  /** Per key, the count under way: the next request for that key waits for it. */
  private readonly counting = new Map<string, Promise<void>>();

  constructor(
    private readonly counter: HitCounter,
    private readonly factor = 1,
    private readonly log?: Pick<Logger, 'warn'>,
  ) {}

  /**
   * Counts one request under each rule's key; answers 429 with Retry-After when any is over a
   * window's limit. Each window counted is told in the answer (unless its rule is untold).
   */
  async take(request: FastifyRequest, ...rules: readonly (readonly [LimitRule, string])[]): Promise<void> {
    const keys = rules.map(([, key]) => key).join(' ');
    // One count at a time per key: a crowd arriving together from one address is counted in turn,
    // and once one of them finds the key over its limit, the rest are refused from memory.
    const turn = (this.counting.get(keys) ?? Promise.resolve()).then(() => this.count(request, keys, rules));
    const turnDone = turn.then(
      () => undefined,
      () => undefined,
    );
    this.counting.set(keys, turnDone);
    void turnDone.then(() => {
      if (this.counting.get(keys) === turnDone) this.counting.delete(keys);
    });
    const refusal = await turn;
    if (!refusal) return;
    if (refusal.pauseMs > 0) await sleep(refusal.pauseMs);
    throw refusal.error;
  }

  /** Counts the request, or refuses it from memory (after a pause, taken outside the key's turn). */
  private async count(
    request: FastifyRequest,
    keys: string,
    rules: readonly (readonly [LimitRule, string])[],
  ): Promise<{ error: HttpError; pauseMs: number } | undefined> {
    const known = this.refusing.get(keys);
    if (known && known.over.resetAt > Date.now())
      return { error: this.refuse(request, known.windows, known.over), pauseMs: Math.min(refusalPauseMs(), known.over.resetAt - Date.now()) };
    const windows = await Promise.all(
      rules.flatMap(([rule, key]) =>
        rule.windows.map(async (window): Promise<Counted> => {
          const max = Math.max(1, Math.round(window.max * this.factor));
          const hits = await this.counter.hit(`${key}:${window.ms}`, window.ms);
          const state = {
            policy: policyName(rule, window.ms),
            max,
            windowSeconds: Math.max(1, Math.round(window.ms / 1000)),
            remaining: Math.max(0, max - hits.count),
            resetSeconds: 0,
          };
          return { rule, key, state, count: hits.count, ms: window.ms, resetAt: Date.now() + hits.resetInMs };
        }),
      ),
    );
    const over = windows.filter((w) => w.count > w.state.max).sort((a, b) => b.resetAt - a.resetAt)[0];
    if (!over) {
      this.tell(request, windows, Date.now());
      return undefined;
    }
    // Logged once a window, when it is first reached: a flood of refusals is not a flood of lines.
    if (over.count === over.state.max + 1)
      this.log?.warn({ limit: over.state.policy, key: over.key, max: over.state.max, windowSeconds: over.state.windowSeconds }, 'rate limit reached');
    this.remember(keys, { windows, over });
    return { error: this.refuse(request, windows, over), pauseMs: 0 };
  }

  /** Tells the request's answer where each window stands at `now`. */
  private tell(request: FastifyRequest, windows: readonly Counted[], now: number): void {
    const told = counted.get(request) ?? new Map<string, LimitState>();
    for (const { rule, state, resetAt } of windows)
      if (!rule.untold) told.set(state.policy, { ...state, resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) });
    counted.set(request, told);
  }

  private refuse(request: FastifyRequest, windows: readonly Counted[], over: Counted): HttpError {
    const now = Date.now();
    this.tell(request, windows, now);
    const seconds = Math.max(1, Math.ceil((over.resetAt - now) / 1000));
    return new HttpError(
      429,
      'too_many_requests',
      `Too many ${over.rule.what} in a short time (at most ${over.state.max} ${span(over.ms)}). Please wait ${seconds} seconds and try again.`,
      { 'retry-after': String(seconds) },
    );
  }

  private remember(keys: string, refusal: { windows: Counted[]; over: Counted }): void {
    if (this.refusing.size >= MAX_REFUSING) {
      const now = Date.now();
      for (const [key, { over }] of this.refusing) if (over.resetAt <= now) this.refusing.delete(key);
      // Still full of live refusals: the oldest goes (it is counted again, and refused again).
      if (this.refusing.size >= MAX_REFUSING) this.refusing.delete(this.refusing.keys().next().value!);
    }
    this.refusing.set(keys, refusal);
  }
}
