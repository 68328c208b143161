import { keptBodyCost, type CacheAccount, type MemoryBudget } from './memory-budget.js';

/**
 * Entries kept by key under a memory budget, least recently used first out: each entry costs what
 * `sizeOf` says its value holds (see `keptBodyCost`).
 */
export class BoundedEntries<V> {
  private readonly entries = new Map<string, { value: V; cost: number }>();
  private readonly account: CacheAccount;

  constructor(
    budget: MemoryBudget,
    name: string,
    private readonly bytesOf: (value: V) => number,
  ) {
    this.account = budget.account(name, () => this.evictOldest());
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, now the most recently used. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value without counting it as used. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const cost = keptBodyCost(key, this.bytesOf(value));
    this.entries.set(key, { value, cost });
    this.account.add(cost);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.account.remove(entry.cost);
  }

  /** Drops every entry whose value `drop` picks. */
  deleteWhere(drop: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (drop(entry.value)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.account.clear();
  }

  close(): void {
    this.entries.clear();
    this.account.close();
  }

  private evictOldest(): boolean {
    const oldest = this.entries.keys().next();
    if (oldest.done) return false;
    this.delete(oldest.value);
    return true;
  }
}
