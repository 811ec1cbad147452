// A list of slots (small integers naming rows of the browse index, browseIndex.ts) kept in one order, which a
// comparison of two slots gives by reading the index's columns. The browse index keeps one per filter value and
// order, so a browse walks the smallest list that holds its matches from its start, or from a cursor's place, and
// stops at its page: what an index range is to the database.

/** Whether slot `a` comes before slot `b` (never both ways: the order ends in the id, which is unique). */
export type Before = (a: number, b: number) => boolean;

export class OrderedList {
  private items: Int32Array;
  private length = 0;

  constructor(
    private readonly before: Before,
    capacity = 4,
  ) {
    this.items = new Int32Array(Math.max(4, capacity));
  }

  get size(): number {
    return this.length;
  }

  /** The slots in order, in the first `size` places (valid until the list next changes). */
  get slots(): Int32Array {
    return this.items;
  }

  /** The slot at `i` (0 to size - 1). */
  at(i: number): number {
    return this.items[i]!;
  }

  /** Adds a slot after every other: the caller adds them in order (building the list from a sorted array). */
  push(slot: number): void {
    this.reserve(this.length + 1);
    this.items[this.length++] = slot;
  }

  /** Adds a slot in its place. */
  insert(slot: number): void {
    const at = this.firstNotBefore(slot);
    this.reserve(this.length + 1);
    this.items.copyWithin(at + 1, at, this.length);
    this.items[at] = slot;
    this.length++;
  }

  /**
   * Takes a slot out, found by the values it was put in with: the caller removes a slot before changing them.
   * False when it is not there.
   */
  remove(slot: number): boolean {
    const at = this.firstNotBefore(slot);
    if (at >= this.length || this.items[at] !== slot) return false;
    this.items.copyWithin(at, at + 1, this.length);
    this.length--;
    return true;
  }

  /** The place of the first slot for which `isAfter` holds, where it holds from some place to the end. */
  seek(isAfter: (slot: number) => boolean): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (isAfter(this.items[mid]!)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  private firstNotBefore(slot: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.before(this.items[mid]!, slot)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private reserve(size: number): void {
    if (size <= this.items.length) return;
    const grown = new Int32Array(Math.max(size, this.items.length * 2));
    grown.set(this.items.subarray(0, this.length));
    this.items = grown;
  }
}

/** A list that holds nothing: what a filter value no salesperson has walks. */
export const EMPTY_LIST = new OrderedList(() => false);
