// Profile photo checks before anything is sent (docs/product/salespeople.md#profile-photo), in the portal's words, and the upload
// itself to POST /api/profile-image-upload through the shared image upload (ui/imageUpload.ts).
import {
  ACCEPTED_IMAGE_TYPES,
  ImageUploadError,
  imageFileProblem,
  uploadImageFile,
} from "../../../ui/imageUpload";

/** The formats the server decodes and re-encodes; anything else it refuses with 415. */
export const ACCEPTED_PHOTO_TYPES = ACCEPTED_IMAGE_TYPES;

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
  const problem = imageFileProblem(file);
  return problem === "type" ? INVALID_FILE_TYPE : problem === "size" ? FILE_TOO_LARGE : null;
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
export async function uploadProfilePhoto(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadedPhoto> {
  try {
    const body = await uploadImageFile<Partial<UploadedPhoto>>(
      file,
      { url: "/api/profile-image-upload" },
      onProgress,
    );
    if (!body.profileImageUrl) throw new PhotoUploadError(UPLOAD_FAILED);
    return { profileImageUrl: body.profileImageUrl, thumbnailUrl: body.thumbnailUrl ?? body.profileImageUrl };
  } catch (error) {
    if (error instanceof ImageUploadError) throw new PhotoUploadError(problemForStatus(error.status));
    throw error;
  }
}
