import { describe, expect, it } from "vitest";
import { csvFileName } from "./csv";

describe("csvFileName", () => {
  it("makes a lowercase, dashed name with the suffix", () => {
    expect(csvFileName("Dealership performance", "30d")).toBe("dealership-performance-30d.csv");
    expect(csvFileName("Payments by month")).toBe("payments-by-month.csv");
    expect(csvFileName("***")).toBe("export.csv");
  });
});
