import { describe, expect, it } from "vitest";
import { csvField, csvFileName, toCsv } from "./csv";

describe("csvField", () => {
  it("writes plain text and numbers as they are, and nothing for missing values", () => {
    expect(csvField("Austin Motors")).toBe("Austin Motors");
    expect(csvField(42)).toBe("42");
    expect(csvField(-3.5)).toBe("-3.5");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(Number.NaN)).toBe("");
  });

  it("quotes fields with commas, quotes or line breaks, doubling the quotes", () => {
    expect(csvField("Austin, TX")).toBe('"Austin, TX"');
    expect(csvField('The "Best" Motors')).toBe('"The ""Best"" Motors"');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
  });

  it("guards text a spreadsheet would run as a formula", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-2")).toBe("'-2");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tcmd")).toBe("'\tcmd");
    expect(csvField("a=b")).toBe("a=b");
  });
});

describe("toCsv", () => {
  it("writes a header line and one CRLF-terminated line per row", () => {
    expect(
      toCsv(
        ["Name", "City", "Rating"],
        [
          ["North, Inc.", "Austin", 4.5],
          ["=cmd", null, -1],
        ],
      ),
    ).toBe('Name,City,Rating\r\n"North, Inc.",Austin,4.5\r\n\'=cmd,,-1\r\n');
  });

  it("writes only the header when there are no rows", () => {
    expect(toCsv(["A", "B"], [])).toBe("A,B\r\n");
  });
});

describe("csvFileName", () => {
  it("makes a lowercase, dashed name with the suffix", () => {
    expect(csvFileName("Dealership performance", "30d")).toBe("dealership-performance-30d.csv");
    expect(csvFileName("Payments by month")).toBe("payments-by-month.csv");
    expect(csvFileName("***")).toBe("export.csv");
  });
});
