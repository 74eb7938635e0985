/**
 * TEMPORARY stand-in for the cache module's bytes-bounded LRU (engineer B). Delete when `cache/`
 * provides it.
 */
export class LoopCacheStandIn<T> {
  private readonly entries = new Map<string, Promise<T>>();

  getOrCreate(key: string, create: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = create();
      this.entries.set(key, entry);
      entry.catch(() => this.entries.delete(key));
    }
    return entry;
  }

  clear(): void {
    this.entries.clear();
  }
}
