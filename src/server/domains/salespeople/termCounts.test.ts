import { describe, expect, it } from "vitest";
import type { Queryable } from "../../db/client";
import { createTermCounts, rarestPiece, searchPieces } from "./termCounts";

describe("rarestPiece", () => {
  const counts = new Map([
    ["g:mar", 3_000],
    ["g:ari", 800],
    ["g:ria", 0],
    ["g:son", 6_000],
  ]);

  it("walks the piece with the fewest entries, one that none has first of all", () => {
    expect(rarestPiece("Maria", counts)).toEqual({ at: 3, entries: 0 });
    expect(rarestPiece("mari", counts)).toEqual({ at: 2, entries: 800 });
  });

  it("walks the first piece when no count tells them apart", () => {
    expect(rarestPiece("johnson", new Map())).toEqual({ at: 1, entries: Number.POSITIVE_INFINITY });
    expect(rarestPiece("son", counts)).toEqual({ at: 1, entries: 6_000 });
    expect(rarestPiece("mars", counts)).toEqual({ at: 1, entries: 3_000 });
  });

  it("counts positions in characters, as PostgreSQL's substr does", () => {
    expect(searchPieces("ÑMari")).toEqual([
      { at: 1, term: "g:ñma" },
      { at: 2, term: "g:mar" },
      { at: 3, term: "g:ari" },
    ]);
    expect(rarestPiece("ñmari", new Map([["g:ñma", 5]]))).toEqual({ at: 1, entries: 5 });
    expect(rarestPiece("ñmari", counts)).toEqual({ at: 3, entries: 800 });
  });
});

/**
 * A stand-in for the two statements: the statistics answer `listed` (the commonest terms' shares of `rows`),
 * the count answers `entries` for each term asked; every count is recorded.
 */
function database(
  entries: (term: string) => number | Promise<never>,
  listed: { terms: string[]; shares: number[]; rows: number } = { terms: [], shares: [], rows: 0 },
) {
  const asked: string[][] = [];
  const sql = (async (strings: TemplateStringsArray, ...values: unknown[]) => {
    if (strings.join("").includes("pg_stats")) return [listed];
    const terms = values.find(Array.isArray) as string[];
    asked.push(terms);
    const rows = [];
    for (const term of terms) rows.push({ term, entries: await entries(term) });
    return rows;
  }) as unknown as Queryable;
  return { sql, asked };
}

describe("createTermCounts", () => {
  it("counts each term once, for browses asking at the same time too, then answers from memory", async () => {
    const { sql, asked } = database((term) => term.length * 10);
    const counts = createTermCounts(60_000);
    const [first, second] = await Promise.all([
      counts.of(sql, ["g:mar", "g:ari"]),
      counts.of(sql, ["g:ari", "s:Luxury Cars"]),
    ]);
    expect(first).toEqual(
      new Map([
        ["g:mar", 50],
        ["g:ari", 50],
      ]),
    );
    expect(second).toEqual(
      new Map([
        ["g:ari", 50],
        ["s:Luxury Cars", 130],
      ]),
    );
    expect(await counts.of(sql, ["s:Luxury Cars", "g:mar"])).toEqual(
      new Map([
        ["s:Luxury Cars", 130],
        ["g:mar", 50],
      ]),
    );
    expect(asked).toEqual([["g:mar", "g:ari"], ["s:Luxury Cars"]]);
  });

  it("takes the commonest terms' entries from the statistics, and counts only the others", async () => {
    const { sql, asked } = database(() => 7, {
      terms: ["s:Used Cars", "g:son"],
      shares: [0.02, 0.005],
      rows: 1_000_000,
    });
    const counts = createTermCounts(60_000);
    expect(await counts.of(sql, ["g:wil", "g:son", "s:Used Cars"])).toEqual(
      new Map([
        ["g:wil", 7],
        ["g:son", 5_000],
        ["s:Used Cars", 20_000],
      ]),
    );
    expect(asked).toEqual([["g:wil"]]);
  });

  it("answers without a count it could not read, and asks again next time", async () => {
    let fail = true;
    const { sql, asked } = database((term) =>
      fail ? Promise.reject(new Error("connection refused")) : term.length,
    );
    const counts = createTermCounts(60_000);
    expect(await counts.of(sql, ["g:mar"])).toEqual(new Map());
    fail = false;
    expect(await counts.of(sql, ["g:mar"])).toEqual(new Map([["g:mar", 5]]));
    expect(asked).toEqual([["g:mar"], ["g:mar"]]);
  });

  it("counts again once a count is due, answering with the one it has meanwhile", async () => {
    let entries = 10;
    const { sql, asked } = database(() => entries);
    const counts = createTermCounts(0);
    expect(await counts.of(sql, ["g:mar"])).toEqual(new Map([["g:mar", 10]]));
    entries = 20;
    // Due again at once (a refresh interval of 0): the answer is the count already read, while a newer one loads.
    expect(await counts.of(sql, ["g:mar"])).toEqual(new Map([["g:mar", 10]]));
    // The stand-in answers at once: one turn of the event loop settles that count.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await counts.of(sql, ["g:mar"])).toEqual(new Map([["g:mar", 20]]));
    expect(asked).toEqual([["g:mar"], ["g:mar"], ["g:mar"]]);
  });

  it("keeps the counts of the latest ten thousand terms, so made-up searches cannot fill memory", async () => {
    const { sql, asked } = database(() => 1);
    const counts = createTermCounts(60_000);
    await counts.of(sql, ["g:mar"]);
    await counts.of(
      sql,
      Array.from({ length: 10_000 }, (_, i) => `g:${i}`),
    );
    // The oldest was let go: asked again. The latest were kept: not.
    await counts.of(sql, ["g:mar"]);
    await counts.of(sql, ["g:9999"]);
    expect(asked.map((terms) => terms.length)).toEqual([1, 10_000, 1]);
    expect(asked.at(-1)).toEqual(["g:mar"]);
  });
});
