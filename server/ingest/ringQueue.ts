/**
 * A FIFO with a fixed capacity: pushing onto a full queue drops the oldest item (O(1)). Used where a
 * stalled consumer must never make memory grow (telemetry waiting for the database).
 */
export class RingQueue<T> {
  private readonly items: Array<T | undefined>;
  private head = 0;
  private count = 0;

  /** @throws RangeError when capacity is not a positive integer */
  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer: ${capacity}`);
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Appends `item`; returns the dropped oldest item when the queue was full, else undefined. */
  push(item: T): T | undefined {
    let dropped: T | undefined;
    if (this.count === this.capacity) {
      dropped = this.items[this.head];
      this.head = (this.head + 1) % this.capacity;
      this.count--;
    }
    this.items[(this.head + this.count) % this.capacity] = item;
    this.count++;
    return dropped;
  }

  /** Removes and returns up to `n` oldest items. */
  take(n: number): T[] {
    const out: T[] = [];
    while (out.length < n && this.count > 0) {
      out.push(this.items[this.head] as T);
      this.items[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
      this.count--;
    }
    return out;
  }
}
