/**
 * A per-instance map with a bound on memory, for answers remembered between requests: when it is full
 * it is emptied whole, and filled again as answers are asked for (cheaper than tracking recency, and
 * a full map is the rare case).
 */
export class BoundedMap<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
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
