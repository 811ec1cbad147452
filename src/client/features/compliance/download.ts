// Saving files the compliance page hands over: a request's export fetched from the REST route, and reports
// built here.
import { downloadFrom, saveFile } from "../../ui/download";

export type ExportFormat = "json" | "zip";

/** Downloads the export of a completed access or portability request; throws with the server's message. */
export function downloadRequestExport(id: number, format: ExportFormat): Promise<void> {
  return downloadFrom(
    `/api/compliance/gdpr-requests/${id}/export?format=${format}`,
    `knowbefore-data-export-${id}.${format}`,
    "The export could not be downloaded. Please try again.",
  );
}

/** Saves a value as a pretty-printed JSON file. */
export function downloadJson(value: unknown, filename: string): void {
  saveFile(new Blob([JSON.stringify(value, null, 2)], { type: "application/json" }), filename);
}
