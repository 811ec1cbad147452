// CSV export of the tables on the business-intelligence page, built in the browser from the rows shown with
// the product's one CSV writer (src/shared/csv.ts); here only the file's name and the download.

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
  const url = URL.createObjectURL(new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
