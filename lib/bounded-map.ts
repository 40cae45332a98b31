import { LRUCache } from "lru-cache";

/**
 * A per-instance map with a bound on memory, for answers remembered between requests: past the bound
 * the least recently used entries are dropped (lru-cache), so a flood of new keys pushes out only
 * what nobody is asking for. The bound is a number of entries, or with `sizeOf` a total of each
 * entry's size (an expansion's occurrences), so a few large entries cannot hold unbounded memory.
 */
export class BoundedMap<V extends object | number | string | boolean> {
  private readonly entries: LRUCache<string, V>;

  constructor(maxSize: number, sizeOf?: (value: V) => number) {
    this.entries = sizeOf
      ? new LRUCache<string, V>({ maxSize, sizeCalculation: (value) => Math.max(1, sizeOf(value)) })
      : new LRUCache<string, V>({ max: maxSize });
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    this.entries.set(key, value);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** `make()`'s answer for `key`, remembered. */
  remember(key: string, make: () => V): V {
    let value = this.entries.get(key);
    if (value === undefined) this.set(key, (value = make()));
    return value;
  }
}
