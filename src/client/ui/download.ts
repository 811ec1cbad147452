// Files the browser saves for the user: ones built on the page, and ones fetched from a REST route with the
// session cookie (and the console's bearer token while an administrator is signed in).
import { adminAuthHeaders } from "../adminSession";
import { RefusedCall, withReauthentication } from "./reauth";
import { showToast } from "./toaster";

/** Saves `blob` as a download named `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Fetches `path` and saves the answer under the name the server gives (else `fallbackName`); a refusal throws
 * with the server's message, else `failure`.
 */
export async function downloadFrom(path: string, fallbackName: string, failure: string): Promise<void> {
  // Exports are among what an administrator re-authenticates for.
  const res = await withReauthentication(async () => {
    const answer = await fetch(path, { credentials: "include", headers: adminAuthHeaders() });
    if (answer.ok) return answer;
    const body = (await answer.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new RefusedCall(body?.message ?? failure, body?.code);
  });
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  saveFile(await res.blob(), name);
}

/** A list's filters as a query string: the set values only, as the export routes read them. */
export function filterParams(query: Record<string, string | number | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(key, String(value));
  return params;
}

/** Runs a download; a refusal shows as a toast titled `title` with the server's message. */
export async function downloadOrSay(title: string, download: () => Promise<void>): Promise<void> {
  try {
    await download();
  } catch (error) {
    showToast({
      title,
      description: error instanceof Error ? error.message : "Please try again.",
      variant: "destructive",
    });
  }
}
