// CSV export of the tables on the business-intelligence page, built in the browser from the rows shown with
// the product's one CSV writer (src/shared/csv.ts); here only the file's name and the download.
import { saveFile } from "../../ui/download";

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
