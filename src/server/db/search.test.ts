import { describe, expect, it } from "vitest";
import { containsPattern, pageWindow } from "./search";

describe("containsPattern", () => {
  it("matches the text anywhere, taking LIKE's wildcards and escape literally", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(containsPattern("")).toBeNull();
    expect(containsPattern(undefined)).toBeNull();
  });
});

describe("pageWindow", () => {
  it("reads page and pageSize", () => {
    expect(pageWindow({ page: 3, pageSize: 10 })).toEqual({ page: 3, pageSize: 10, offset: 20 });
    expect(pageWindow(undefined, { default: 24, max: 100 })).toEqual({ page: 1, pageSize: 24, offset: 0 });
  });

  it("lets limit and offset win, and names the page the first row falls on", () => {
    expect(pageWindow({ page: 1, pageSize: 20, limit: 5, offset: 12 })).toEqual({
      page: 3,
      pageSize: 5,
      offset: 12,
    });
    expect(pageWindow({ limit: 10 })).toEqual({ page: 1, pageSize: 10, offset: 0 });
  });
});
