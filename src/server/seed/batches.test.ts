import { describe, expect, it } from "vitest";
import { insertChunks } from "./batches";

describe("insertChunks", () => {
  it("keeps every statement under the driver's 65,534 parameters, whatever the rows' width", () => {
    // The history's visits have fourteen columns: 5,000 of them to a statement were 70,000 parameters.
    const row = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`column_${i}`, i]));
    const rows = Array.from({ length: 15_840 }, () => row);
    const chunks = insertChunks(rows);
    for (const chunk of chunks) expect(chunk.length * 14).toBeLessThan(65_534);
    expect(chunks.map((chunk) => chunk.length)).toEqual([4680, 4680, 4680, 1800]);
  });

  it("writes nothing for no rows, and a row a statement however wide", () => {
    expect(insertChunks([])).toEqual([]);
    const wide = Object.fromEntries(Array.from({ length: 70_000 }, (_, i) => [`c${i}`, i]));
    expect(insertChunks([wide, wide]).map((chunk) => chunk.length)).toEqual([1, 1]);
  });
});
