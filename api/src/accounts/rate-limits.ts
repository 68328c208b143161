import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../plugins/error-handler.js';
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

/** Counts requests against limit rules in the shared counter. */
export class RateLimits {
  constructor(
    private readonly counter: HitCounter,
    private readonly factor = 1,
  ) {}

  /** Counts one request under each rule's key; answers 429 with Retry-After when any is over a window's limit. */
  async take(...counted: readonly (readonly [LimitRule, string])[]): Promise<void> {
    const checks = counted.flatMap(([rule, key]) =>
      rule.windows.map(async (window) => {
        const max = Math.max(1, Math.round(window.max * this.factor));
        const hits = await this.counter.hit(`${key}:${window.ms}`, window.ms);
        return { rule, max, ms: window.ms, over: hits.count > max, resetInMs: hits.resetInMs };
      }),
    );
    const over = (await Promise.all(checks)).filter((c) => c.over).sort((a, b) => b.resetInMs - a.resetInMs)[0];
    if (!over) return;
    const seconds = Math.max(1, Math.ceil(over.resetInMs / 1000));
    throw new HttpError(
      429,
      'too_many_requests',
      `Too many ${over.rule.what} in a short time (at most ${over.max} ${span(over.ms)}). Please wait ${seconds} seconds and try again.`,
      { 'retry-after': String(seconds) },
    );
  }
}
