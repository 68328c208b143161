/** Answers per route and method: how many, and how many of each status class. */
export interface RouteStats {
  route: string;
  requests: number;
  ok2xx: number;
  redirect3xx: number;
  refused4xx: number;
  failed5xx: number;
  /** 503s the API gives on purpose (speech unavailable, not consistent yet). */
  deliberate503: number;
  noAnswer: number;
  /** Time spent waiting for its answers, in all. */
  ms: number;
}

export class RouteTally {
  private readonly byRoute = new Map<string, RouteStats>();

  constructor(routes: readonly string[] = []) {
    for (const route of routes) this.entry(route);
  }

  private entry(route: string): RouteStats {
    let stats = this.byRoute.get(route);
    if (!stats) {
      stats = { route, requests: 0, ok2xx: 0, redirect3xx: 0, refused4xx: 0, failed5xx: 0, deliberate503: 0, noAnswer: 0, ms: 0 };
      this.byRoute.set(route, stats);
    }
    return stats;
  }

  /** `status` null: no answer came. */
  count(route: string, status: number | null, deliberate: boolean, ms = 0): void {
    const stats = this.entry(route);
    stats.requests++;
    stats.ms += ms;
    if (status === null) stats.noAnswer++;
    else if (deliberate) stats.deliberate503++;
    else if (status >= 500) stats.failed5xx++;
    else if (status >= 400) stats.refused4xx++;
    else if (status >= 300) stats.redirect3xx++;
    else stats.ok2xx++;
  }

  all(): RouteStats[] {
    return [...this.byRoute.values()];
  }
}
