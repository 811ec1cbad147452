// Profile photo checks before anything is sent (SPEC.md section 5), and the upload itself: multipart to
// POST /api/profile-image-upload through XMLHttpRequest, because fetch cannot report upload progress.
import { IMAGE_UPLOAD_MAX_BYTES } from "../../../../shared/constants";

/** The formats the server decodes and re-encodes; anything else it refuses with 415. */
export const ACCEPTED_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export type PhotoProblem = { title: string; description: string };

export const INVALID_FILE_TYPE: PhotoProblem = {
  title: "Invalid File Type",
  description: "Please select an image file (JPG, PNG, etc.)",
};
export const FILE_TOO_LARGE: PhotoProblem = {
  title: "File Too Large",
  description: "Please select an image smaller than 5MB",
};
export const UPLOAD_FAILED: PhotoProblem = { title: "Upload Failed", description: "Failed to upload image" };

/** Why a chosen file cannot be uploaded, or null when it can. */
export function checkPhotoFile(file: { type: string; size: number }): PhotoProblem | null {
  if (!(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type.toLowerCase()))
    return INVALID_FILE_TYPE;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return FILE_TOO_LARGE;
  return null;
}

/** "1.4 MB", "820 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** What the upload answer means for the person: the server's status picks one of the spec's texts. */
export function problemForStatus(status: number): PhotoProblem {
  if (status === 413) return FILE_TOO_LARGE;
  if (status === 415) return INVALID_FILE_TYPE;
  return UPLOAD_FAILED;
}

export type UploadedPhoto = { profileImageUrl: string; thumbnailUrl: string };

export class PhotoUploadError extends Error {
  constructor(readonly problem: PhotoProblem) {
    super(problem.description);
  }
}

/** Sends the photo with the session cookie; `onProgress` receives 0..1 as bytes leave the browser. */
export function uploadProfilePhoto(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/profile-image-upload");
    xhr.withCredentials = true;
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as Partial<UploadedPhoto> | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.profileImageUrl) {
        onProgress(1);
        resolve({
          profileImageUrl: body.profileImageUrl,
          thumbnailUrl: body.thumbnailUrl ?? body.profileImageUrl,
        });
        return;
      }
      reject(new PhotoUploadError(problemForStatus(xhr.status)));
    };
    xhr.onerror = () => reject(new PhotoUploadError(UPLOAD_FAILED));
    xhr.onabort = () => reject(new PhotoUploadError(UPLOAD_FAILED));
    const form = new FormData();
    form.append("image", file, file.name);
    xhr.send(form);
  });
}
