import { describe, expect, it } from "vitest";
import { OrderedList } from "./orderedList";
import { piecesOf } from "./termCounts";

describe("OrderedList", () => {
  // Slots ordered by a value that can change, highest first, then by slot: as the browse index orders them.
  const values: number[] = [];
  const before = (a: number, b: number) => values[a]! > values[b]! || (values[a] === values[b] && a < b);
  const contents = (list: OrderedList) => Array.from({ length: list.size }, (_, i) => list.at(i));

  it("keeps its slots in order through inserts, removals and changes of value", () => {
    const list = new OrderedList(before);
    let state = 7;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const present = new Set<number>();
    for (let step = 0; step < 3000; step++) {
      const slot = Math.floor(next() * 200);
      if (present.has(slot)) {
        expect(list.remove(slot)).toBe(true);
        present.delete(slot);
        // A changed value goes back in its new place.
        if (next() < 0.5) {
          values[slot] = Math.floor(next() * 10);
          list.insert(slot);
          present.add(slot);
        }
      } else {
        values[slot] = Math.floor(next() * 10);
        list.insert(slot);
        present.add(slot);
      }
    }
    const expected = [...present].sort((a, b) => (before(a, b) ? -1 : 1));
    expect(contents(list)).toEqual(expected);
    expect(list.size).toBe(present.size);
  });

  it("says when a slot to remove is not there, and seeks the first slot past a place", () => {
    values.length = 0;
    values.push(5, 4, 4, 1);
    const list = new OrderedList(before);
    for (const slot of [0, 1, 2, 3]) list.push(slot);
    list.remove(2);
    expect(list.remove(2)).toBe(false);
    expect(contents(list)).toEqual([0, 1, 3]);
    // After the place (4, slot 1): lower values, or 4 with a later slot.
    expect(list.seek((slot) => values[slot]! < 4 || (values[slot] === 4 && slot > 1))).toBe(2);
    expect(list.seek(() => true)).toBe(0);
    expect(list.seek(() => false)).toBe(3);
  });
});

describe("piecesOf", () => {
  it("gives each three-character piece once, none across lines, by characters rather than code units", () => {
    expect([...piecesOf("anna\nann")].sort()).toEqual(["ann", "nna"]);
    expect([...piecesOf("zoë😀x")].sort()).toEqual(["oë😀", "zoë", "ë😀x"]);
    expect(piecesOf("ab").size).toBe(0);
  });
});
