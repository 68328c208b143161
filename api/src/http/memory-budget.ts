/**
 * One memory budget for every in-memory cache of an API process (CACHE_MEMORY_MB): each cache
 * keeps an account of the bytes it holds, and when the caches together would hold more than the
 * budget, the cache holding the most gives up its least recently used entries until they fit.
 * A client can make a cache hold more entries, never more memory.
 */
export class MemoryBudget {
  private readonly accounts = new Set<CacheAccount>();

  constructor(readonly limitBytes: number) {}

  /** `evictOldest`: drops the cache's least recently used entry (releasing its bytes); false when it holds none. */
  account(name: string, evictOldest: () => boolean): CacheAccount {
    const account = new CacheAccount(name, this, evictOldest);
    this.accounts.add(account);
    return account;
  }

  /** Bytes all caches hold now. */
  get usedBytes(): number {
    let used = 0;
    for (const account of this.accounts) used += account.bytes;
    return used;
  }

  /** Each cache's bytes, by name (the health page and the abuse tests read them). */
  usage(): Record<string, number> {
    const usage: Record<string, number> = {};
    for (const account of this.accounts) usage[account.name] = (usage[account.name] ?? 0) + account.bytes;
    return usage;
  }

  /** @internal Called by an account that grew. */
  fit(): void {
    let used = this.usedBytes;
    while (used > this.limitBytes) {
      let largest: CacheAccount | undefined;
      for (const account of this.accounts) if (account.bytes > 0 && (!largest || account.bytes > largest.bytes)) largest = account;
      if (!largest) return;
      const before = largest.bytes;
      if (!largest.evictOldest() || largest.bytes >= before) return;
      used -= before - largest.bytes;
    }
  }

  /** @internal A cache closed: its bytes are no longer counted. */
  forget(account: CacheAccount): void {
    this.accounts.delete(account);
  }
}

/** The bytes one cache holds, under the budget it was opened on. */
export class CacheAccount {
  bytes = 0;

  constructor(
    readonly name: string,
    private readonly budget: MemoryBudget,
    readonly evictOldest: () => boolean,
  ) {}

  /** An entry of `bytes` was kept: other entries (of any cache) may be dropped to make room. */
  add(bytes: number): void {
    this.bytes += bytes;
    this.budget.fit();
  }

  remove(bytes: number): void {
    this.bytes = Math.max(0, this.bytes - bytes);
  }

  /** Everything dropped at once (the cache cleared). */
  clear(): void {
    this.bytes = 0;
  }

  close(): void {
    this.bytes = 0;
    this.budget.forget(this);
  }
}

/**
 * What keeping a body costs: its bytes, room for its compressed forms (made on first use and kept
 * with it; JSON and HTML compress to well under a quarter, so half the body covers brotli and gzip
 * both), its key (UTF-16 in V8) and the entry's own objects.
 */
const ENTRY_OVERHEAD_BYTES = 256;
export const keptBodyCost = (key: string, bodyBytes: number): number => Math.ceil(bodyBytes * 1.5) + key.length * 2 + ENTRY_OVERHEAD_BYTES;

export const MIB = 1024 * 1024;

/** A process's cache memory, as its configuration sets it. */
export const cacheMemoryOf = (config: { CACHE_MEMORY_MB: number }): MemoryBudget => new MemoryBudget(config.CACHE_MEMORY_MB * MIB);
