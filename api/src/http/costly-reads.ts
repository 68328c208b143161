import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config, Logger } from '@epos/platform';
import { clientAddress, refusalPauseMs, type LimitRule, type LimitWindow, type RateLimits } from '../accounts/rate-limits.js';
import { ConcurrencyLimit, type Release } from './concurrency-limit.js';
import { HttpError } from './error-handler.js';
import { BUSY_CODE } from '@epos/schemas/api/refusals';

/** The reads that cost far more than a cached page (docs/decisions/costly-reads.md). */
type CostlyKind = 'search' | 'searchDownload' | 'wideCount' | 'packList';

const REFUSALS_LOGGED_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Lets costly reads through within their limits. */
    costlyReads: CostlyReads;
  }
}

interface Kind {
  rule: LimitRule;
  atOnce: ConcurrencyLimit;
  refused: number;
  loggedAt: number;
}

/**
 * Each costly read is counted against its address's limit (429 past it, with Retry-After and the
 * RateLimit fields), then waits for a place among the few of its kind one process answers at once
 * (503 with Retry-After when none comes in time), so that cheap reads keep their speed.
 */
class CostlyReads {
  private readonly kinds: Record<CostlyKind, Kind>;

  constructor(
    private readonly limits: RateLimits,
    config: Config,
    private readonly log: Pick<Logger, 'warn'>,
  ) {
    const kind = (what: string, windows: readonly LimitWindow[], running: number): Kind => ({
      rule: { what, windows },
      atOnce: new ConcurrencyLimit(running, config.COSTLY_QUEUE, config.COSTLY_WAIT_MS),
      refused: 0,
      loggedAt: 0,
    });
    this.kinds = {
      search: kind('searches', config.SEARCH_LIMIT, config.SEARCHES_AT_ONCE),
      searchDownload: kind('search downloads', config.SEARCH_DOWNLOAD_LIMIT, config.SEARCH_DOWNLOADS_AT_ONCE),
      wideCount: kind('counts over a wide range', config.WIDE_COUNT_LIMIT, config.WIDE_COUNTS_AT_ONCE),
      packList: kind('lists of offline packs', config.PACK_LIST_LIMIT, config.PACK_LISTS_AT_ONCE),
    };
  }

  /**
   * Lets one costly read through, or throws 429 (its address is over its limit) or 503 (too many of
   * its kind are being answered). Its place is held until its answer has gone out, a streamed one
   * included, or its client has gone.
   */
  async admit(request: FastifyRequest, reply: FastifyReply, kind: CostlyKind): Promise<void> {
    const { rule, atOnce } = this.kinds[kind];
    await this.limits.take(request, [rule, `read:${kind}:${clientAddress(request)}`]);
    const asked = Date.now();
    const gone = new AbortController();
    let release: Release | null = null;
    reply.raw.once('close', () => (release ? release() : gone.abort()));
    if (reply.raw.destroyed) gone.abort();
    release = await atOnce.enter(gone.signal);
    if (release) return;
    if (!gone.signal.aborted) await sleep(Math.max(0, refusalPauseMs() - (Date.now() - asked)));
    throw this.refusal(kind);
  }

  private refusal(kind: CostlyKind): HttpError {
    const k = this.kinds[kind];
    k.refused++;
    const now = Date.now();
    if (now - k.loggedAt >= REFUSALS_LOGGED_EVERY_MS) {
      this.log.warn({ kind, refused: k.refused, atOnce: k.atOnce.running, queued: k.atOnce.queued }, 'costly reads refused: too many being answered at once');
      k.loggedAt = now;
      k.refused = 0;
    }
    // A little spread, so that those refused together do not all come back in the same second.
    const seconds = Math.max(1, Math.ceil(k.atOnce.waitMs / 1000)) + Math.floor(Math.random() * 3);
    return new HttpError(503, BUSY_CODE, `The site is busy with other ${k.rule.what} just now. Please try again in ${seconds} seconds.`, {
      'retry-after': String(seconds),
    });
  }
}

export function registerCostlyReads(app: FastifyInstance, config: Config, log: Pick<Logger, 'warn'>): void {
  app.decorate('costlyReads', new CostlyReads(app.rateLimits, config, log));
}
