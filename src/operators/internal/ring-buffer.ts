/**
 * A fixed-capacity FIFO: pushing into a full buffer evicts (returns) the oldest item. Used to
 * hold back a run's last samples without `Array#shift` on every sample.
 */
export class RingBuffer<T> {
  private readonly items: (T | undefined)[];
  private start = 0;
  private size = 0;

  constructor(readonly capacity: number) {
    this.items = new Array<T | undefined>(Math.max(0, capacity));
  }

  get length(): number {
    return this.size;
  }

  /** Adds `item`; returns the evicted oldest item when the buffer was full (capacity 0: `item`). */
  push(item: T): T | undefined {
    if (this.capacity === 0) return item;
    if (this.size < this.capacity) {
      this.items[(this.start + this.size) % this.capacity] = item;
      this.size++;
      return undefined;
    }
    const evicted = this.items[this.start];
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
    return evicted;
  }

  /** Removes and returns every item, oldest first. */
  drain(): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.size; i++) out.push(this.items[(this.start + i) % this.capacity] as T);
    this.items.fill(undefined);
    this.start = 0;
    this.size = 0;
    return out;
  }
}
