import { describe, expect, it } from "vitest";
import { type CsvCell, toCsv } from "./csv";

/** The one cell of a one-column file with header "A". */
const cell = (value: CsvCell) => toCsv(["A"], [[value]]).slice(3, -2);

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
    expect(toCsv(["A", "B"], [])).toBe("A,B\r\n");
  });

  it("writes plain text and numbers as they are, and nothing for missing values", () => {
    expect(cell("Austin Motors")).toBe("Austin Motors");
    expect(cell(42)).toBe("42");
    expect(cell(-3.5)).toBe("-3.5");
    expect(cell(null)).toBe("");
    expect(cell(undefined)).toBe("");
    expect(cell(Number.NaN)).toBe("");
    expect(cell(true)).toBe("true");
  });

  it("writes dates as ISO instants and objects as JSON", () => {
    expect(cell(new Date("2026-05-01T10:00:00Z"))).toBe("2026-05-01T10:00:00.000Z");
    expect(cell({ status: "busy" })).toBe('"{""status"":""busy""}"');
  });

  it("quotes fields with commas, quotes or line breaks, doubling the quotes", () => {
    expect(cell("Austin, TX")).toBe('"Austin, TX"');
    expect(cell('The "Best" Motors')).toBe('"The ""Best"" Motors"');
    expect(cell("line one\nline two")).toBe('"line one\nline two"');
  });

  it("puts an apostrophe before text a spreadsheet would run as a formula", () => {
    expect(cell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(cell("+1")).toBe("'+1");
    expect(cell("-2")).toBe("'-2");
    expect(cell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(cell("\tcmd")).toBe("'\tcmd");
    expect(cell("\rcmd")).toBe('"\'\rcmd"');
    expect(cell("a=b")).toBe("a=b");
  });
});
