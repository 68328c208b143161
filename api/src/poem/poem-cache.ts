import type { Database } from '@epos/platform';
import { POEM_CHANGED_CHANNEL } from '@epos/projections/poem/read-model';
import { ChangeCache } from '../http/change-cache.js';
import type { MemoryBudget } from '../http/memory-budget.js';
import type { LineIndex } from '@epos/projections/poem/line-index';

/** Rendered poem responses and the line index, dropped whenever the poem changes. */
export class PoemCache extends ChangeCache {
  private index: { key: string; version: number; value: Promise<LineIndex> } | null = null;

  constructor(database: Database, budget: MemoryBudget) {
    super(database, POEM_CHANGED_CHANNEL, budget);
  }

  lineIndex(key: string, load: () => Promise<LineIndex>): Promise<LineIndex> {
    if (this.index && this.index.version === this.version && this.index.key === key) return this.index.value;
    const value = load();
    this.index = { key, version: this.version, value };
    value.catch(() => {
      if (this.index?.value === value) this.index = null;
    });
    return value;
  }
}
