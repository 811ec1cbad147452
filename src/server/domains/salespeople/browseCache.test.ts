import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BROWSE_TOTAL_LIMIT } from "../../../shared/constants";
import { BOUNDED_TOTAL_TTLS, createBrowseCache } from "./browseCache";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("browse totals", () => {
  it("keep an exact count for the TTL and one that reached the bound for BOUNDED_TOTAL_TTLS of them", async () => {
    const ttlMs = 5000;
    const { totals, clear } = createBrowseCache({ ttlMs, maxEntries: 10 });
    let exact = 12;
    let bounded = BROWSE_TOTAL_LIMIT + 1;
    await totals.get("exact", async () => exact);
    await totals.get("bounded", async () => bounded);
    exact = 13;
    bounded = BROWSE_TOTAL_LIMIT;

    vi.advanceTimersByTime(ttlMs + 1);
    expect(await totals.get("exact", async () => exact)).toBe(13);
    expect(await totals.get("bounded", async () => bounded)).toBe(BROWSE_TOTAL_LIMIT + 1);

    vi.advanceTimersByTime((BOUNDED_TOTAL_TTLS - 1) * ttlMs);
    expect(await totals.get("bounded", async () => bounded)).toBe(BROWSE_TOTAL_LIMIT);

    // A write that changes what browse shows clears a bounded count at once.
    await totals.get("again", async () => BROWSE_TOTAL_LIMIT + 1);
    clear();
    expect(await totals.get("again", async () => 7)).toBe(7);
  });
});
