import { describe, expect, it } from "vitest";
import type { Queryable } from "../../db/client";
import { createTermFrequencies, rarestPiece } from "./termFrequencies";

describe("rarestPiece", () => {
  const shares = new Map([
    ["g:mar", 0.003],
    ["g:ari", 0.0008],
    ["g:son", 0.006],
  ]);

  it("walks the piece with the smallest share, one the statistics do not list being the rarest", () => {
    expect(rarestPiece("Maria", shares)).toEqual({ at: 3, share: 0 });
    expect(rarestPiece("mari", shares)).toEqual({ at: 2, share: 0.0008 });
    expect(rarestPiece("mars", shares)).toEqual({ at: 2, share: 0 });
  });

  it("walks the first piece when no share tells them apart", () => {
    expect(rarestPiece("johnson", new Map())).toEqual({ at: 1, share: 0 });
    expect(rarestPiece("son", shares)).toEqual({ at: 1, share: 0.006 });
  });

  it("counts positions in characters, as PostgreSQL's substr does", () => {
    expect(rarestPiece("ñmari", new Map([["g:ñma", 0.5]]))).toEqual({ at: 2, share: 0 });
  });
});

/** A stand-in for the statistics' one row, counting how often it is read. */
function statistics(rows: () => Promise<{ terms: string[]; shares: number[] }[]>) {
  const reads = { count: 0 };
  const sql = ((..._args: unknown[]) => {
    reads.count++;
    return rows();
  }) as unknown as Queryable;
  return { sql, reads };
}

describe("createTermFrequencies", () => {
  it("reads the statistics once, then answers from memory until they are due again", async () => {
    const { sql, reads } = statistics(async () => [
      { terms: ["g:mar", "s:Luxury Cars"], shares: [0.01, 0.2] },
    ]);
    const frequencies = createTermFrequencies(60_000);
    const [first, second] = await Promise.all([frequencies.read(sql), frequencies.read(sql)]);
    expect(first).toEqual(
      new Map([
        ["g:mar", 0.01],
        ["s:Luxury Cars", 0.2],
      ]),
    );
    expect(second).toBe(first);
    expect(await frequencies.read(sql)).toBe(first);
    expect(reads.count).toBe(1);
  });

  it("answers with no shares when the statistics cannot be read, and asks again next time", async () => {
    let fail = true;
    const { sql, reads } = statistics(async () => {
      if (fail) throw new Error("connection refused");
      return [{ terms: ["g:mar"], shares: [0.01] }];
    });
    const frequencies = createTermFrequencies(60_000);
    expect(await frequencies.read(sql)).toEqual(new Map());
    fail = false;
    expect(await frequencies.read(sql)).toEqual(new Map([["g:mar", 0.01]]));
    expect(reads.count).toBe(2);
  });

  it("reads again once they are due, answering with the shares it has meanwhile", async () => {
    let share = 0.01;
    const { sql, reads } = statistics(async () => [{ terms: ["g:mar"], shares: [share] }]);
    const frequencies = createTermFrequencies(0);
    expect(await frequencies.read(sql)).toEqual(new Map([["g:mar", 0.01]]));
    share = 0.02;
    // Due again at once (a refresh interval of 0): the answer is the shares already read, while newer ones load.
    expect(await frequencies.read(sql)).toEqual(new Map([["g:mar", 0.01]]));
    // The stand-in answers at once: one turn of the event loop settles that read.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await frequencies.read(sql)).toEqual(new Map([["g:mar", 0.02]]));
    expect(reads.count).toBe(3);
  });

  it("takes an empty statistics row (a table never analysed) for no shares", async () => {
    const { sql } = statistics(async () => []);
    expect(await createTermFrequencies().read(sql)).toEqual(new Map());
  });
});
