import os from "node:os";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultPoolSize } from "./runtime";

describe("the database pool's default size", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is twice this machine's cores with the embedded database, from 4 to 10", () => {
    for (const [cores, size] of [
      [1, 4],
      [2, 4],
      [3, 6],
      [5, 10],
      [16, 10],
    ] as const) {
      vi.spyOn(os, "availableParallelism").mockReturnValue(cores);
      expect(defaultPoolSize(true)).toBe(size);
    }
  });

  it("stays 10 for a database elsewhere, whose cores are unknown here", () => {
    vi.spyOn(os, "availableParallelism").mockReturnValue(2);
    expect(defaultPoolSize(false)).toBe(10);
  });
});
