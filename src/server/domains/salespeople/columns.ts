// The columns of the browse index (indexData.ts): a value for each slot, in a typed array where the values are
// numbers.

export type Column = Int32Array | Float64Array | Uint8Array | Uint32Array | unknown[];
type Typed = Exclude<Column, unknown[]>;

/** A typed column's empty copy of `length` slots. */
function emptyLike<T extends Typed>(column: T, length: number): T {
  return new (column.constructor as new (length: number) => T)(length);
}

/** `column` with room for `capacity` slots (an array grows by itself). */
export function grown<T extends Column>(column: T, capacity: number): T {
  if (Array.isArray(column)) return column;
  const next = emptyLike(column as Typed, capacity);
  next.set(column as Typed);
  return next as T;
}

/** `column` with the value of slot `order[i]` at slot i, for every i. */
export function permuted<T extends Column>(column: T, order: Int32Array): T {
  if (Array.isArray(column)) {
    // Pushed in order, so the array stays packed.
    const next: unknown[] = [];
    for (const slot of order) next.push(column[slot]);
    return next as T;
  }
  const typed = column as Typed;
  const next = emptyLike(typed, typed.length);
  for (let i = 0; i < order.length; i++) next[i] = typed[order[i]!]!;
  return next as T;
}
