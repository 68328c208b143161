import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';

/** A hit on a key: how many hits its window has seen, this one included, and when the window ends. */
export interface Hits {
  count: number;
  resetInMs: number;
}

/** Counts requests per key in fixed windows, in a place every API process shares. */
export interface HitCounter {
  /** Counts one hit on `key`; a key's first hit (or the first after its window ended) opens a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<Hits>;
  close(): Promise<void>;
}

/**
 * @fastify/rate-limit's store over a shared counter, for routes with their own `config.rateLimit`.
 * Each route counts under its own prefix, as the plugin's own stores do.
 */
export function rateLimitStoreOver(counter: HitCounter): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'route:',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      counter.hit(`${this.prefix}${key}`, timeWindow).then(
        (hits) => callback(null, { current: hits.count, ttl: hits.resetInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** Despite its declared type, the plugin passes the route's merged limit options, the route under `routeInfo`. */
    child(options: RouteOptions & { routeInfo?: Pick<RouteOptions, 'method' | 'url'> }): FastifyRateLimitStore {
      return new SharedStore(undefined, `route:${String(options.routeInfo?.method)}:${options.routeInfo?.url}:`);
    }
  }
  return SharedStore;
}
