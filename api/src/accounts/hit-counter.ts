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
