// CSV export of the tables on the business-intelligence page, built in the browser from the rows shown.
// Fields are quoted as RFC 4180 asks (commas, quotes, line breaks), and text that a spreadsheet would run as
// a formula (= + - @, or a leading tab or carriage return) is prefixed with a single quote. Numbers are
// written as they are: they cannot be formulas, and a negative growth rate should stay a number.
import { saveFile } from "../../ui/download";

export type CsvValue = string | number | null | undefined;

/** Characters that make a spreadsheet read a text cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: empty for null, numbers as written, text guarded against formulas and quoted when needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header line, then one line per row, lines ending in CRLF. */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [headers, ...rows]
    .map((row) => row.map(csvField).join(","))
    .join("\r\n")
    .concat("\r\n");
}

/** "Dealership performance", "30d" -> "dealership-performance-30d.csv". */
export function csvFileName(title: string, suffix?: string): string {
  const slug = [title, suffix]
    .filter(Boolean)
    .join(" ")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${slug || "export"}.csv`;
}

/** Saves `csv` as a download named `fileName` (with a byte-order mark, so spreadsheets read it as UTF-8). */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" }), fileName);
}
