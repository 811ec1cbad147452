// Image uploads as every feature sends them: the file checked before anything is sent (type, 5 MB), then
// multipart through XMLHttpRequest, because fetch cannot report upload progress. The server runs each one
// through the same pipeline (magic bytes, decode, re-encode) and answers where it stored it.
import { IMAGE_UPLOAD_MAX_BYTES } from "../../shared/constants";

/** The formats the server decodes and re-encodes; anything else it refuses with 415. */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** What is wrong with a chosen file before it is sent: its type, or its size; null when it can go. */
export function imageFileProblem(file: { type: string; size: number }): "type" | "size" | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) return "type";
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return "size";
  return null;
}

export class ImageUploadError extends Error {
  constructor(
    /** The HTTP status, 0 when the request never got an answer. */
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Posts the file as the multipart field `image` with the session cookie (and `headers`); `onProgress`
 * receives 0..1 as bytes leave the browser. Resolves with the JSON answer.
 */
export function uploadImageFile<T>(
  file: File,
  target: { url: string; headers?: Record<string, string> },
  onProgress: (fraction: number) => void = () => {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", target.url);
    xhr.withCredentials = true;
    xhr.responseType = "json";
    for (const [name, value] of Object.entries(target.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as (T & { message?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        onProgress(1);
        resolve(body);
        return;
      }
      reject(new ImageUploadError(xhr.status, body?.message ?? "Failed to upload image"));
    };
    xhr.onerror = () => reject(new ImageUploadError(0, "Failed to upload image"));
    xhr.onabort = () => reject(new ImageUploadError(0, "Failed to upload image"));
    const form = new FormData();
    form.append("image", file, file.name);
    xhr.send(form);
  });
}
