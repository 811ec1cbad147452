// Saving files the compliance page hands over: a request's export fetched from the REST route (with the
// session cookie, and the console's bearer token while an administrator is signed in), and reports built here.
import { adminAuthHeaders } from "../../adminSession";

export type ExportFormat = "json" | "zip";

function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the export of a completed access or portability request; throws with the server's message. */
export async function downloadRequestExport(id: number, format: ExportFormat): Promise<void> {
  const res = await fetch(`/api/compliance/gdpr-requests/${id}/export?format=${format}`, {
    credentials: "include",
    headers: adminAuthHeaders(),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? "The export could not be downloaded. Please try again.");
  }
  const name =
    /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ??
    `knowbefore-data-export-${id}.${format}`;
  save(await res.blob(), name);
}

/** Saves a value as a pretty-printed JSON file. */
export function downloadJson(value: unknown, filename: string): void {
  save(new Blob([JSON.stringify(value, null, 2)], { type: "application/json" }), filename);
}
