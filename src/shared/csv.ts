// Every CSV file the product writes (audit log, monthly report, personal-data export, the analytics tables),
// through one writer: RFC 4180 quoting, CRLF line ends, and one rule against formula injection. A text cell
// that starts with = + - @, a tab or a carriage return gets a leading apostrophe, so a spreadsheet shows it
// instead of running it; numbers stay numbers (a negative growth rate is not a formula).
import { stringify } from "csv-stringify/sync";

/** What a cell may hold: dates are written as ISO instants, objects as JSON, missing values as nothing. */
export type CsvCell = string | number | bigint | boolean | Date | null | undefined | object;

/** A whole file: the header line, then one line per row, every line ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return stringify([header, ...rows] as unknown[][], {
    record_delimiter: "\r\n",
    // The library quotes only the whole record delimiter; a lone line break would split the row elsewhere.
    quoted_match: /[\r\n]/,
    escape_formulas: true,
    cast: {
      boolean: (value) => String(value),
      date: (value) => value.toISOString(),
      number: (value) => (Number.isFinite(value) ? String(value) : ""),
      object: (value) => JSON.stringify(value),
    },
  });
}
